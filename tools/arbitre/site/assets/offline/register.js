// Every page: installs the offline worker (sw.js at the site's root, so that its scope is the
// whole site) once the page has settled, keeps the page the player arrived on, and offers
// « Nouvelle version des règles disponible — recharger » when a new build's worker is ready.
// `ask` talks to the worker (the « Disponible hors ligne » control, the « Hors ligne » page).
const ROOT = new URL("../../", import.meta.url);
const UPDATE_EVERY = 30 * 60 * 1000; // a long game: look for a new version now and then

export const supported = "serviceWorker" in navigator && window.isSecureContext;
// A page the worker served is kept by it already (or, of a newer build, on purpose not): only a
// page loaded without it — the first visit — is sent to be kept.
const arrivedWithoutWorker = supported && !navigator.serviceWorker.controller;

let registered = null;

export function registration() {
  if (!supported) return Promise.reject(new Error("ce navigateur ne garde pas de pages hors ligne"));
  if (!registered) {
    registered = navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.href, updateViaCache: "none" });
    registered.then(watch, () => {
      registered = null;
    });
  }
  return registered;
}

// Send `message` to the active worker; resolves with its answer, `onProgress` gets the rest.
export async function ask(message, onProgress) {
  await registration();
  const ready = await navigator.serviceWorker.ready;
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => {
      if (data.type === "progress") onProgress?.(data);
      else if (data.type === "error") reject(new Error(data.message));
      else resolve(data);
    };
    ready.active.postMessage(message, [channel.port2]);
  });
}

let reloading = false;

function offer(worker) {
  if (document.querySelector(".arb-update")) return;
  const bar = document.createElement("div");
  bar.className = "arb-update";
  bar.setAttribute("role", "status");
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "recharger";
  button.addEventListener("click", () => {
    reloading = true;
    worker.postMessage({ type: "activate" });
  });
  bar.append("Nouvelle version des règles disponible — ", button);
  document.body.append(bar);
}

function watch(reg) {
  let controller = navigator.serviceWorker.controller;
  if (reg.waiting && controller) offer(reg.waiting);
  reg.addEventListener("updatefound", () => {
    const worker = reg.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
    });
  });
  // A new version took over (here or in another tab): this page is of the old one, and would
  // otherwise load the new index or pages beside its own.  The first install changes nothing.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const before = controller;
    controller = navigator.serviceWorker.controller;
    if (reloading || before) location.reload();
  });
  if (arrivedWithoutWorker) {
    navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: "keep", url: location.href }));
  }
  setInterval(() => reg.update().catch(() => {}), UPDATE_EVERY);
}

// The worker's first install downloads and checks the shell (3 MB): not while the page is still
// busy showing what the player came for — its own files, the search page's first results, and
// what a slow phone still does after that — but once it has been quiet for a moment.
const QUIET_MS = 2000;

function settled() {
  const loaded =
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  return loaded.then(() => {
    const results = document.getElementById("arb-results");
    if (!results || "searchDone" in results.dataset) return;
    return new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if ("searchDone" in results.dataset) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(results, { attributes: true, attributeFilter: ["data-search-done"] });
    });
  });
}

function quiet() {
  return new Promise((resolve) => {
    setTimeout(() => (window.requestIdleCallback ? requestIdleCallback(resolve, { timeout: QUIET_MS }) : resolve()), QUIET_MS);
  });
}

if (supported) settled().then(quiet).then(() => registration().catch(() => {}));
