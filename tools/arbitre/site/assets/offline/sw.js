/* Arbitre's offline worker (#23).  `arbitre build` serves it as sw.js at the site's root, after
 * one line `const BUILD = {…}` (tools/arbitre/site/offline.py):
 *   version  a fingerprint of every file below: pages, search index, code, short-link map
 *   files    site path -> [hash (16 hex digits of SHA-256), size]: every file it may keep
 *   shell    what it keeps from the start: styles, scripts, the search's code and index, the
 *            home, search and « Hors ligne » pages, the manifest, icons and short-link map
 *   games    game id -> {title, files, data}: every page of the game and the data they load
 *   titles   page -> title; links: the short-link map; offline: the « Hors ligne » page;
 *            manifest, favicon: what a page the worker writes links to
 *
 * One cache per version, holding only files with that version's hashes: a page, the index and
 * the code always come from one build.  A new build is a new sw.js: the browser installs it beside
 * the running one; it fills its own cache (copying the files that did not change, fetching the
 * others: the shell, every page the player opened, the games kept offline), then waits.  Pages
 * offer « Nouvelle version des règles disponible — recharger », which activates it; the old
 * cache is deleted and every open page reloads.
 *
 * Searches: the pages ask the worker that controls them (a message `search`), which answers with
 * this version's index, parsed once while it runs (ArbitreSearch: the site's engine, joined in
 * front of this file by `arbitre build`) — a page need not download and parse the index itself.
 * It builds its engine before it takes the pages, and again when it starts after a pause.  A
 * search link (/recherche/?requete=…) gets its results written into the page as it is served.
 * A page ahead of this version is told so and searches with its own engine and index.
 *
 * Answers: a file of `files` from the cache, else from the network, kept when its hash is this
 * version's; a short link /r/<id> from the map, to its entry's page and anchor; a page neither
 * held nor reachable gets the « Hors ligne » page.  A page fetched from a server already on
 * another build (its hash differs) is shown but not kept, and the files it loads then come from
 * the network too ("ahead"), so it is never mixed with this version's; the browser is asked to
 * look for the new worker.  Anything else (the API) is left to the network.
 */
"use strict";

const CACHE = "arbitre-version-" + BUILD.version;
const OLD_CACHES = /^arbitre-version-/;
const SETTINGS = "arbitre-settings"; // the games kept offline and the pages ahead, across versions
const GAMES_KEY = "games";
const AHEAD_KEY = "ahead/";
const SCOPE = new URL(self.registration.scope);
const PARALLEL = 4;

// -- addresses -----------------------------------------------------------------------------

// The site path of a URL of this site ("the-spoils/index.html"), or null.
function keyOf(url) {
  const u = new URL(url);
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname)) return null;
  let path;
  try {
    path = decodeURIComponent(u.pathname.slice(SCOPE.pathname.length));
  } catch {
    return null;
  }
  return path === "" || path.endsWith("/") ? path + "index.html" : path;
}

// The address a file is kept under: a page by its folder, as links write it.
function urlOf(key) {
  return new URL(key.replace(/(^|\/)index\.html$/, "$1"), SCOPE).href;
}

// -- files of this version -----------------------------------------------------------------

async function digest(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

function copy(response, body) {
  const headers = new Headers(response.headers);
  headers.delete("content-encoding"); // the body is decoded
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

// The file from the network: {response, same} (same: it is this version's file).  Throws when
// the network does not answer.
async function fetchFile(key) {
  const response = await fetch(urlOf(key), { cache: "no-cache" });
  if (!response.ok) return { response, same: false };
  const body = await response.arrayBuffer();
  return { response: copy(response, body), same: (await digest(body)) === BUILD.files[key][0] };
}

async function held(key) {
  return caches.match(urlOf(key), { cacheName: CACHE });
}

// Keep one file in this version's cache: already there, the same bytes from an older version's
// cache, or fetched.  A file whose hash is not this version's fails the whole job.
async function keep(cache, key, older = []) {
  if (await cache.match(urlOf(key))) return;
  for (const old of older) {
    const response = await old.match(urlOf(key));
    if (!response) continue;
    const body = await response.arrayBuffer();
    if ((await digest(body)) === BUILD.files[key][0]) {
      await cache.put(urlOf(key), copy(response, body));
      return;
    }
  }
  const { response, same } = await fetchFile(key);
  if (!same) throw new Error(`${key} : le site a changé depuis cette version`);
  await cache.put(urlOf(key), response);
}

async function each(items, work) {
  let next = 0;
  const run = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, run));
}

// -- settings: the games kept offline; the pages ahead of this version -----------------------

async function readSetting(name, fallback) {
  const response = await caches.match(name, { cacheName: SETTINGS });
  return response ? response.json() : fallback;
}

async function writeSetting(name, value) {
  const settings = await caches.open(SETTINGS);
  await settings.put(name, new Response(JSON.stringify(value), { headers: { "Content-Type": "application/json" } }));
}

const keptGames = () => readSetting(GAMES_KEY, []);

async function setKept(game, on) {
  const games = new Set(await keptGames());
  if (on) games.add(game);
  else games.delete(game);
  await writeSetting(GAMES_KEY, [...games].sort());
}

let ahead = null; // client ids whose page is of a newer build than this worker's

async function aheadClients() {
  if (!ahead) {
    const settings = await caches.open(SETTINGS);
    const keys = await settings.keys();
    ahead = new Set(keys.map((r) => new URL(r.url).pathname.split("/" + AHEAD_KEY)[1]).filter(Boolean));
  }
  return ahead;
}

async function markAhead(clientId) {
  if (!clientId) return;
  (await aheadClients()).add(clientId);
  await writeSetting(AHEAD_KEY + clientId, true);
}

async function forgetAhead() {
  const settings = await caches.open(SETTINGS);
  for (const request of await settings.keys()) {
    if (request.url.includes("/" + AHEAD_KEY)) await settings.delete(request);
  }
  ahead = new Set();
}

// -- install, activate ---------------------------------------------------------------------

self.addEventListener("install", (event) => event.waitUntil(install()));

async function install() {
  const cache = await caches.open(CACHE);
  const wanted = new Set(BUILD.shell);
  for (const game of await keptGames()) for (const key of BUILD.games[game]?.files || []) wanted.add(key);
  const older = [];
  for (const name of await caches.keys()) {
    if (!OLD_CACHES.test(name) || name === CACHE) continue;
    const old = await caches.open(name);
    older.push(old);
    for (const request of await old.keys()) {
      const key = keyOf(request.url);
      if (key in BUILD.files) wanted.add(key); // a page the player opened, in its new version
    }
  }
  await each([...wanted], (key) => keep(cache, key, older));
}

self.addEventListener("activate", (event) => event.waitUntil(activate()));

async function activate() {
  for (const name of await caches.keys()) {
    if (OLD_CACHES.test(name) && name !== CACHE) await caches.delete(name);
  }
  await forgetAhead();
  await readySearch(); // the pages it takes search at once (#23)
  await self.clients.claim();
}

// -- requests ------------------------------------------------------------------------------

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const key = keyOf(request.url);
  if (key === null) return;
  const navigate = request.mode === "navigate";
  const params = navigate && key === BUILD.search ? new URL(request.url).searchParams : null;
  if (navigate && key.startsWith("r/")) {
    event.respondWith(shortLink(key.slice(2).replace(/(^|\/)index\.html$/, ""), request));
  } else if (params?.get("requete")?.trim()) {
    // A search link: its results are written into the page as it is served.
    const found = prepare(params);
    event.waitUntil(found);
    event.respondWith(answer(key, event, (page) => withResults(page, params, found)));
  } else if (key in BUILD.files) {
    event.respondWith(answer(key, event));
  } else if (navigate && key + "/index.html" in BUILD.files) {
    event.respondWith(Response.redirect(urlOf(key + "/index.html"), 301));
  } else if (navigate) {
    event.respondWith(fetch(request).catch(() => offlinePage()));
  }
});

// `key`'s file: this version's, from the cache or the network (`fill` makes the page it answers
// with of this version's: a search page's results written in), else the network's.
async function answer(key, event, fill = (page) => page) {
  const navigate = event.request.mode === "navigate";
  const isAhead = !navigate && event.clientId && (await aheadClients()).has(event.clientId);
  if (!isAhead) {
    const response = await held(key);
    if (response) return fill(response);
  }
  let fetched;
  try {
    fetched = await fetchFile(key);
  } catch {
    const response = await held(key);
    if (response) return response;
    return navigate ? offlinePage() : Response.error();
  }
  if (fetched.same) {
    if (!isAhead) {
      const cache = await caches.open(CACHE);
      await cache.put(urlOf(key), fetched.response.clone());
      // A game's page reads its game's data (previews, judge tools): keep that too.
      const data = navigate && BUILD.games[key.split("/")[0]]?.data;
      if (data) event.waitUntil(keep(cache, data).catch(() => {}));
      return fill(fetched.response);
    }
  } else {
    if (navigate) await markAhead(event.resultingClientId);
    self.registration.update().catch(() => {});
  }
  return fetched.response;
}

let links = null;

function shortLinks() {
  if (!links) {
    links = held(BUILD.links)
      .then((response) => response || fetchFile(BUILD.links).then((f) => f.response))
      .then((response) => response.json());
    links.catch(() => {
      links = null;
    });
  }
  return links;
}

// /r/<path>: one entry -> its page's anchor; several -> the site's choice page, or this
// worker's when the network is away; none -> the site's « page introuvable ».
async function shortLink(path, request) {
  const map = await shortLinks().catch(() => null);
  const targets = map?.paths[path.toLowerCase()];
  const href = (target) => new URL(map.pages[target[0]] + "#" + target[1], SCOPE).href;
  if (targets?.length === 1) return Response.redirect(href(targets[0]), 302);
  try {
    return await fetch(request);
  } catch {
    return targets ? choicePage(path, targets.map((t) => [href(t), t[2], t[3]])) : offlinePage();
  }
}

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function choicePage(path, choices) {
  const what = choices.every((c) => c[2]) ? "Ce numéro" : "Cette référence";
  const items = choices.map(([href, label]) => `<li><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></li>`).join("\n");
  const html =
    `<!doctype html>\n<html lang="fr">\n<head>\n<meta charset="utf-8">\n` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<title>« ${escapeHtml(path)} » — Arbitre</title>\n` +
    `<link rel="manifest" href="${escapeHtml(urlOf(BUILD.manifest))}">\n` +
    `<link rel="icon" href="${escapeHtml(urlOf(BUILD.favicon))}">\n</head>\n` +
    `<body>\n<main>\n<h1>« ${escapeHtml(path)} » : plusieurs jeux</h1>\n` +
    `<p>${what} existe dans ${choices.length} jeux. Choisissez le vôtre :</p>\n<ul>\n${items}\n</ul>\n</main>\n</body>\n</html>\n`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// The « Hors ligne » page, answered at the address asked for (its links are made relative to its
// own place by a <base>).
async function offlinePage() {
  const response = await held(BUILD.offline);
  if (!response) return Response.error();
  const base = `<base href="${escapeHtml(urlOf(BUILD.offline))}">`;
  const html = (await response.text()).replace(/<head>/i, (head) => head + base);
  // 200: a browser logs any other status as an error, and this page is what there is to show.
  return new Response(html, { headers: copy(response).headers });
}

// -- the search ----------------------------------------------------------------------------

let engine = null;

// Let the requests waiting for this worker (the page's styles and scripts) go first.
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

// This version's search engine over this version's index, built once while the worker runs, in
// steps between which the pages' requests are answered.
function searchEngine() {
  if (!engine) {
    engine = (async () => {
      let response = await held(BUILD.index);
      if (!response) {
        const fetched = await fetchFile(BUILD.index);
        if (!fetched.same) throw new Error("l’index de recherche a changé depuis cette version");
        response = fetched.response;
      }
      // Read whole, then decoded: ~9 ms sooner than `text()`'s decoding as it streams (#23).
      const text = new TextDecoder().decode(await response.arrayBuffer());
      await pause();
      const data = JSON.parse(text);
      await pause();
      const built = new ArbitreSearch.Engine(data);
      await pause();
      return built;
    })();
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

// The results `prepare` found, handed to the page's request for them when they were not written
// into the page (rather than searched again; the engine answers a query alike every time).
let prepared = null;

// A search link is being opened: build the engine and run its query while the page is sent.
// Resolves {result, games, labels}, or {invalid: the engine's reason}, or null (no engine).
async function prepare(params) {
  try {
    const built = await searchEngine();
    await pause();
    const { q, options } = ArbitreSearch.searchRequest(params);
    let result;
    try {
      result = built.search(q, options);
    } catch (error) {
      return { invalid: String(error?.message || error) };
    }
    prepared = { key: ArbitreSearch.searchKey(q, options), result };
    return { result, games: built.data.games, labels: built.kindLabels };
  } catch {
    return null; // the page's own request says what went wrong
  }
}

// The search page with its results (#23): sent at once up to its results' place, then the results
// as the page itself would write them — with the key of the search they answer, which the page
// reads to leave them as they are — and the rest.  Results not found within RESULTS_WAIT (the
// engine fails, a slow device) leave the place as it was: the page asks for them itself.
const RESULTS_SLOT = /<div id="arb-results"[^>]*>[\s\S]*?<\/div>/;
const RESULTS_WAIT = 2000; // ms
const encoder = new TextEncoder();

async function withResults(page, params, found) {
  const html = await page.text();
  const slot = RESULTS_SLOT.exec(html);
  if (!slot) return copy(page, html);
  const body = new ReadableStream({
    async start(controller) {
      controller.enqueue(encoder.encode(html.slice(0, slot.index)));
      const answer = await Promise.race([found, new Promise((resolve) => setTimeout(resolve, RESULTS_WAIT, null))]);
      const rest = html.slice(slot.index + slot[0].length);
      if (answer?.result) prepared = null; // written: the page does not ask for them
      controller.enqueue(encoder.encode((answer ? resultsSlot(slot[0], params, answer) : slot[0]) + rest));
      controller.close();
    },
  });
  return copy(page, body);
}

function resultsSlot(slot, params, answer) {
  const open = slot.slice(0, slot.indexOf(">"));
  const done = ` data-search-done data-search-key="${escapeHtml(ArbitreSearch.requestKey(params))}"`;
  if (answer.invalid !== undefined) return `${open}${done}>${ArbitreSearch.failureHtml(answer.invalid)}</div>`;
  return `${open}${done} data-search-source="worker">${ArbitreSearch.resultsHtml(params, answer, SCOPE.href)}</div>`;
}

// The engine built and ready for a first query of each kind: when this worker takes the pages,
// and after a restart when a page is about to search (its box has the focus).  Never fails.
async function readySearch() {
  try {
    const built = await searchEngine();
    if (built.warm) return;
    built.warm = true;
    for (const query of built.warmUpQueries()) {
      await pause();
      built.search(query);
    }
  } catch {
    // a page's search says what went wrong
  }
}

// The answer to a page's `search`: its results with the names the page shows (games, kinds);
// `invalid` when the engine refuses the query (the page says why); `ahead` for a page of a newer
// build (it searches with its own engine).  A failure to load is an `error`: the page searches
// with its own engine.
async function search({ query, game = null, kind = null, limit = 10, offset = 0 }, reply, client) {
  if (client && (await aheadClients()).has(client)) return reply({ type: "ahead" });
  const found = await searchEngine();
  const key = ArbitreSearch.searchKey(query, { game, kind, limit, offset });
  let result = prepared?.key === key ? prepared.result : null;
  prepared = null;
  try {
    result ??= found.search(String(query), { game, kind, limit, offset });
  } catch (error) {
    return reply({ type: "invalid", message: String(error?.message || error) });
  }
  reply({ type: "results", result, games: found.data.games, labels: found.kindLabels });
}

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
