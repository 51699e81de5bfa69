// A game's page: the « Disponible hors ligne » control.  Its button (`data-offline-game`) asks
// the offline worker to keep every page of the game and the data they load, shows the progress
// and the size, and gets `data-offline-ready` once all of it is on this device; « Retirer de
// cet appareil » undoes it.  The worker does the work (sw.js: download, remove, status).
import { ask, supported } from "./register.js";

const get = document.querySelector("[data-offline-game]");
const box = get?.closest(".arb-offline");
const undo = box?.querySelector(".arb-offline-undo");
const bar = box?.querySelector(".arb-offline-progress");
const status = box?.querySelector(".arb-offline-status");
const game = get?.dataset.offlineGame;

const number = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

// « 3,1 Mo », « 850 ko » (1 Mo = 1 000 000 octets, as phones count).
export function size(bytes) {
  if (bytes >= 1e6) return `${number.format(Math.round(bytes / 1e5) / 10)} Mo`;
  return `${Math.max(1, Math.round(bytes / 1e3))} ko`;
}

const pages = (n) => (n < 2 ? `${n} page` : `${n} pages`);

function show(text, { ready = false, busy = false, removable = false } = {}) {
  status.textContent = text;
  if (ready) get.setAttribute("data-offline-ready", "");
  else get.removeAttribute("data-offline-ready");
  get.setAttribute("aria-busy", String(busy));
  bar.hidden = !busy;
  undo.hidden = !removable;
}

function idle(s) {
  show(`Gardez les ${pages(s.pages)} de ${s.title} sur cet appareil (${size(s.bytes)}) pour les lire sans réseau.`);
}

function render(s) {
  if (s.kept && s.held === s.files) {
    show(`Disponible hors ligne : les ${pages(s.pages)} de ${s.title} sont sur cet appareil (${size(s.bytes)}).`, {
      ready: true,
      removable: true,
    });
  } else if (s.kept) {
    show(`${s.title} : ${s.held} fichiers sur ${s.files} sur cet appareil. Touchez « Disponible hors ligne » pour finir.`, {
      removable: true,
    });
  } else idle(s);
}

function progress(p) {
  bar.max = p.total;
  bar.value = p.bytes;
  show(`Téléchargement : ${p.done} fichiers sur ${p.files} (${size(p.bytes)} sur ${size(p.total)})…`, {
    busy: true,
    removable: true,
  });
}

async function download() {
  show("Téléchargement…", { busy: true, removable: true });
  try {
    render(await ask({ type: "download", game }, progress));
  } catch (error) {
    const s = await ask({ type: "status", game }).catch(() => null);
    if (s) render(s);
    status.textContent = `Le téléchargement s’est interrompu (${error.message}). Réessayez quand le réseau répond.`;
  }
}

async function remove() {
  const s = await ask({ type: "remove", game });
  idle(s);
  status.textContent = `Retiré : les pages de ${s.title} ne sont plus gardées sur cet appareil. ` + status.textContent;
}

if (get) {
  if (!supported) {
    get.disabled = true;
    status.textContent = "Ce navigateur ne peut pas garder de pages hors ligne (il faut une adresse https).";
  } else {
    get.addEventListener("click", download);
    undo.addEventListener("click", () => remove().catch((error) => (status.textContent = error.message)));
    ask({ type: "status", game })
      .then((s) => (s.busy ? download() : render(s)))
      .catch((error) => (status.textContent = error.message));
  }
}
