// Loads the search engine and its index once, on first use (the header box's focus, or the
// « Recherche » page, which starts it from its <head>: theme/main.html), from this folder of
// the site: works on any static copy.  Pages search through `search`, which asks the offline
// worker first.
import { hitHref } from "./results.js";

let pending = null;

export const siteRoot = new URL("../../", import.meta.url);

export function loadEngine() {
  if (!pending) {
    // The search page's <head> may have asked for the index already (#23).
    const early = globalThis.__arbitreSearchIndex;
    delete globalThis.__arbitreSearchIndex;
    pending = Promise.all([
      (early || fetch(new URL("index.json", import.meta.url))).then((r) => {
        if (!r.ok) throw new Error(`index de recherche introuvable (${r.status})`);
        return r.json();
      }),
      import("./engine.js"), // on the site, the whole engine in one file (site/bundle.py)
    ]).then(([data, module]) => new module.Engine(data));
    pending.catch(() => {
      pending = null; // a failed load may be retried
    });
  }
  return pending;
}

// A search, wherever it runs (#23): the offline worker that controls this page answers it when
// it can — it holds this build's index, parsed once, so the page need not download and parse
// it —, else this page's own engine (a first visit, a browser without workers, a page of a newer
// build than the worker's, a worker that does not answer).  Resolves {result, games, labels,
// source: "worker" or "page"}; rejects with `loading` set when the search cannot load, without
// it when the engine refuses the query.
const WORKER_WAIT = 3000; // ms: a worker that does not answer by then is not waited for
let ownEngine = false; // this page searches with its own engine from now on

function worker() {
  return (!ownEngine && globalThis.navigator?.serviceWorker?.controller) || null;
}

function askWorker(message) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), WORKER_WAIT);
    channel.port1.onmessage = ({ data }) => {
      clearTimeout(timer);
      resolve(data);
    };
    worker().postMessage(message, [channel.port2]);
  });
}

export async function search(q, options = {}) {
  if (worker()) {
    const answer = await askWorker({ type: "search", query: q, ...options });
    if (answer?.type === "results") return { ...answer, source: "worker" };
    if (answer?.type === "invalid") throw new Error(answer.message);
    if (answer?.type === "ahead") ownEngine = true;
  }
  let engine;
  try {
    engine = await loadEngine();
  } catch (error) {
    throw Object.assign(error, { loading: true });
  }
  const result = engine.search(q, options);
  return { result, games: engine.data.games, labels: engine.kindLabels, source: "page" };
}

// Ready the search before it is asked (the header box's focus).
export function warmSearch() {
  if (worker()) worker().postMessage({ type: "warm" });
  else loadEngine().catch(() => {});
}

// The site-relative URL of an entry (« /the-spoils/regles/section-6/#609.1f ») on this copy.
export const entryHref = (url) => hitHref(url, siteRoot);
