/* Arbitre's offline worker (#23), part 1 of 4: its files and settings (offline.py `WORKER_PARTS`
 * joins files.js, requests.js, search.js, messages.js).  `arbitre build` serves it as sw.js at
 * the site's root, after one line `const BUILD = {…}` (tools/arbitre/site/offline.py):
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

