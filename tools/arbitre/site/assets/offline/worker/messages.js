// Arbitre's offline worker, part 4 of 4 (offline.py `WORKER_PARTS` joins files.js, requests.js,
// search.js, messages.js into the site's sw.js): the pages' messages (the games kept offline).
// -- messages from the pages ----------------------------------------------------------------

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports[0];
  const reply = (message) => port?.postMessage(message);
  const handler = HANDLERS[data.type];
  if (!handler) return;
  const job = Promise.resolve(handler(data, reply, event.source?.id)).catch((error) =>
    reply({ type: "error", message: String(error?.message || error) }),
  );
  event.waitUntil(job);
});

const HANDLERS = {
  activate: () => self.skipWaiting(),
  // The page the player arrived on, loaded before this worker ran.
  keep: async ({ url }) => {
    const key = keyOf(url);
    if (!(key in BUILD.files)) return;
    const cache = await caches.open(CACHE);
    await keep(cache, key);
    const data = BUILD.games[key.split("/")[0]]?.data;
    if (data) await keep(cache, data);
  },
  search,
  warm: () => readySearch(),
  status: async ({ game }, reply) => reply(await gameStatus(game)),
  download: (message, reply) => download(message.game, reply),
  remove: async ({ game }, reply) => reply(await remove(game)),
  // For the « Hors ligne » page: the pages this device holds, and the title of the one asked for.
  held: async ({ url }, reply) =>
    reply({ type: "held", version: BUILD.version, pages: await heldPages(), title: BUILD.titles[keyOf(url)] || null }),
};

function gameFiles(game) {
  const files = BUILD.games[game]?.files;
  if (!files) throw new Error(`jeu inconnu : ${game}`);
  return files;
}

async function gameStatus(game) {
  const files = gameFiles(game);
  let held_ = 0;
  let heldBytes = 0;
  for (const key of files) {
    if (await held(key)) {
      held_ += 1;
      heldBytes += BUILD.files[key][1];
    }
  }
  return {
    type: "status",
    game,
    title: BUILD.games[game].title,
    files: files.length,
    pages: files.filter((k) => k.endsWith(".html")).length,
    bytes: files.reduce((sum, k) => sum + BUILD.files[k][1], 0),
    held: held_,
    heldBytes,
    kept: (await keptGames()).includes(game),
    busy: jobs.has(game),
  };
}

const jobs = new Map(); // game -> {listeners, cancelled, done}

function download(game, reply) {
  const files = gameFiles(game);
  let job = jobs.get(game);
  if (!job) {
    job = { listeners: new Set(), cancelled: false };
    jobs.set(game, job);
    job.done = fill(game, files, job).finally(() => jobs.delete(game));
  }
  job.listeners.add(reply);
  return job.done.then(
    (status) => reply(status),
    (error) => reply({ type: "error", message: String(error?.message || error) }),
  );
}

async function fill(game, files, job) {
  await setKept(game, true);
  const cache = await caches.open(CACHE);
  const total = files.reduce((sum, k) => sum + BUILD.files[k][1], 0);
  let done = 0;
  let bytes = 0;
  await each(files, async (key) => {
    if (job.cancelled) return;
    try {
      await keep(cache, key);
    } catch (error) {
      if (error instanceof TypeError) throw new Error("le réseau ne répond pas"); // fetch's own
      self.registration.update().catch(() => {}); // the site has moved on: its new worker
      throw error;
    }
    done += 1;
    bytes += BUILD.files[key][1];
    for (const listener of job.listeners) listener({ type: "progress", game, done, files: files.length, bytes, total });
  });
  return gameStatus(game);
}

async function remove(game) {
  const files = gameFiles(game);
  await setKept(game, false);
  const job = jobs.get(game);
  if (job) {
    job.cancelled = true;
    await job.done.catch(() => {});
  }
  const cache = await caches.open(CACHE);
  await Promise.all(files.map((key) => cache.delete(urlOf(key))));
  return gameStatus(game);
}

async function heldPages() {
  const cache = await caches.open(CACHE);
  const pages = [];
  for (const request of await cache.keys()) {
    const key = keyOf(request.url);
    if (key in BUILD.titles && key !== BUILD.offline) pages.push({ url: urlOf(key), title: BUILD.titles[key] });
  }
  return pages.sort((a, b) => a.url.localeCompare(b.url));
}
