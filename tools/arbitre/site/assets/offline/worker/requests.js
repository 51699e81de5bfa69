// Arbitre's offline worker, part 2 of 4 (offline.py `WORKER_PARTS` joins files.js, requests.js,
// search.js, messages.js into the site's sw.js): the requests it answers (install, activate,
// fetch).
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

