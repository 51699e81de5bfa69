// The header's search box: the first results of Arbitre's search as the player types; Enter
// opens the « Recherche » page with every result.  The search is readied on the box's focus
// (the offline worker's, else the page's own engine, loaded then).
import { entryHref, search, warmSearch } from "./load.js";
import { authorityBadge, escapeHtml, failureHtml, focusLine, frenchHtml, hitLabel } from "./results.js";

const SHOWN = 8;

function setup(input) {
  const form = input.form;
  const panel = form.querySelector(".arb-header-search__results");
  let timer = null;
  let asked = 0; // the latest query asked: an older answer arriving late is not shown

  const hide = () => {
    panel.hidden = true;
  };

  async function update() {
    const q = input.value.trim();
    if (!q) {
      hide();
      panel.innerHTML = "";
      return;
    }
    const mine = ++asked;
    try {
      const { result, games, labels, source } = await search(q, { limit: SHOWN });
      if (mine !== asked) return;
      let html = result.hits
        .map(
          (h) =>
            `<a class="arb-header-hit" data-entry="${escapeHtml(h.id)}" href="${escapeHtml(entryHref(h.url))}">` +
            `<strong>${escapeHtml(hitLabel(h))}</strong>${authorityBadge(h)}` +
            `<span class="arb-hit-meta">${escapeHtml(games[h.game] || h.game)} · ${escapeHtml(labels[h.kind] || h.kind)}</span></a>`,
        )
        .join("");
      if (!result.hits.length) html = `<p class="arb-header-none">Aucun résultat pour « ${escapeHtml(q)} ».</p>`;
      const more = new URL(form.action);
      more.searchParams.set("requete", q);
      if (result.focus) {
        const only = new URL(more.href);
        only.searchParams.set("jeu", result.focus.game);
        html = focusLine(result.focus, only.href) + html;
      }
      html += `<a class="arb-header-more" href="${escapeHtml(more.href)}">Tous les résultats (${result.total})</a>`;
      panel.innerHTML = frenchHtml(html);
      panel.dataset.query = q;
      panel.dataset.searchSource = source; // "worker" or "page" (load.js), as the search page says
      panel.hidden = false;
    } catch (error) {
      if (mine !== asked) return;
      panel.innerHTML = failureHtml(error.message, error.loading); // as the search page says it
      panel.hidden = false;
    }
  }

  input.addEventListener("focus", () => {
    warmSearch();
    if (panel.innerHTML) panel.hidden = false;
  });
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(update, 80);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
    if (event.key === "ArrowDown") {
      const first = panel.querySelector("a.arb-header-hit") || panel.querySelector("a");
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  panel.addEventListener("keydown", (event) => {
    const links = [...panel.querySelectorAll("a")];
    const i = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && i < links.length - 1) links[i + 1].focus();
    else if (event.key === "ArrowUp") (i > 0 ? links[i - 1] : input).focus();
    else if (event.key === "Escape") {
      hide();
      input.focus();
    } else return;
    event.preventDefault();
  });
  document.addEventListener("click", (event) => {
    if (!form.contains(event.target)) hide();
  });
}

document.querySelectorAll("[data-arb-header-search]").forEach(setup);
