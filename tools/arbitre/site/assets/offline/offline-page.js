// The « Hors ligne » page.  The offline worker answers with it, at the address asked for, any
// page it does not hold while the network is away: this names that page, puts what it pointed
// to in the search box (the search works offline), offers to try again, and lists the pages
// this device holds.
import { ask, supported } from "./register.js";

const root = new URL("../../", import.meta.url);
const wanted = document.getElementById("arb-offline-wanted");
const list = document.getElementById("arb-offline-held");
const box = document.getElementById("arb-offline-q");
const here = new URL(location.href);
const elsewhere = here.pathname !== new URL("hors-ligne/", root).pathname;

function element(tag, text, attributes = {}) {
  const node = Object.assign(document.createElement(tag), attributes);
  if (text) node.textContent = text;
  return node;
}

// Words to search for what the address pointed to: its anchor (« 609.1f », « glossaire--deck »
// -> « deck »), else the page's title without its game.
function guess(title) {
  const anchor = decodeURIComponent(here.hash.slice(1)).split("--").pop();
  if (anchor) return anchor.replace(/-/g, " ");
  return (title || "").split(" — ").pop();
}

function explain(title) {
  const line = element("p");
  const address = element("code", here.pathname + here.hash);
  if (title) line.append("La page demandée, « ", title, " » (", address, "), n’est pas encore sur cet appareil.");
  else line.append("La page demandée, ", address, ", n’est pas encore sur cet appareil.");
  const retry = element("button", "Réessayer", { type: "button", className: "md-button" });
  retry.addEventListener("click", () => location.reload());
  wanted.replaceChildren(line, retry);
  if (box && !box.value) box.value = guess(title);
}

if (wanted && elsewhere) explain(null);

if (supported) {
  ask({ type: "held", url: here.href })
    .then(({ pages, title }) => {
      if (wanted && elsewhere && title) explain(title);
      if (!list) return;
      list.replaceChildren(...pages.map((page) => {
        const item = element("li");
        item.append(element("a", page.title, { href: page.url }));
        return item;
      }));
    })
    .catch(() => {});
}
