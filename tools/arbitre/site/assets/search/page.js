// The « Recherche » page: /recherche/?requete=Q[&jeu=G][&type=K][&page=N].
// Contract for the browser tests: results are `[data-entry]` elements in rank order inside
// #arb-results, which gets `data-search-done` once they are shown (also when there are none),
// and `data-search-source`: « worker » when the offline worker answered, else « page ».
import { authorityBadge, entryHref, escapeHtml, focusLine, hitLabel, search, warmSearch } from "./load.js";

const PAGE_SIZE = 10;

const form = document.getElementById("arb-search");
const out = document.getElementById("arb-results");
const fields = { requete: form.elements.requete, jeu: form.elements.jeu, type: form.elements.type };

function link(params, changes) {
  const p = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) p.set(key, value);
    else p.delete(key);
  }
  return "?" + p.toString();
}

function pager(params, page, pages) {
  if (pages < 2) return "";
  const items = [];
  if (page > 1) items.push(`<a href="${link(params, { page: page - 1 })}" rel="prev">← Précédents</a>`);
  items.push(`<span>Page ${page} sur ${pages}</span>`);
  if (page < pages) items.push(`<a href="${link(params, { page: page + 1 })}" rel="next">Suivants →</a>`);
  return `<nav class="arb-pager" aria-label="Pages de résultats">${items.join(" ")}</nav>`;
}

async function show(params) {
  const q = (params.get("requete") || "").trim();
  delete out.dataset.searchDone;
  if (!q) {
    out.innerHTML = "";
    out.dataset.searchDone = "";
    return;
  }
  out.innerHTML = "<p>Recherche…</p>";
  const page = Math.max(1, parseInt(params.get("page") || "1", 10) || 1);
  let answer;
  try {
    answer = await search(q, {
      game: params.get("jeu") || null,
      kind: params.get("type") || null,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
    });
  } catch (error) {
    const why = error.loading ? "La recherche n’a pas pu se charger : " : "";
    out.innerHTML = `<p class="arb-error">${why}${escapeHtml(error.message)}</p>`;
    out.dataset.searchDone = "";
    return;
  }
  const { result, games, labels } = answer;
  out.dataset.searchSource = answer.source;
  let html = "";
  if (result.language === "en") {
    html += `<p class="arb-note" data-language="en">Question lue en anglais : recherche des termes français correspondants.</p>`;
  }
  if (result.replacements.length) {
    const changes = result.replacements.map((r) => `« ${escapeHtml(r.typed)} » → « ${escapeHtml(r.suggested)} »`).join(", ");
    html += `<p class="arb-note" data-corrected>Mots corrigés : ${changes} (recherche faite aussi avec la correction).</p>`;
  }
  if (result.suggestion) {
    html += `<p class="arb-suggestion">Vouliez-vous dire <a href="${link(params, { requete: result.suggestion, page: null })}">${escapeHtml(result.suggestion)}</a> ?</p>`;
  }
  html += focusLine(result.focus, result.focus ? link(params, { jeu: result.focus.game, page: null }) : "");
  const pages = Math.ceil(Math.min(result.total, 1000) / PAGE_SIZE);
  const count = result.total === 1 ? "1 résultat" : `${result.total} résultats`;
  html += `<p class="arb-count">${result.total ? count : "Aucun résultat"} pour « ${escapeHtml(q)} »` +
    (result.game ? ` dans ${escapeHtml(games[result.game] || result.game)}` : "") +
    (result.kind ? ` (${escapeHtml(labels[result.kind] || result.kind)})` : "") + "</p>";
  if (result.hits.length) {
    html += `<ol class="arb-hits" start="${(page - 1) * PAGE_SIZE + 1}">`;
    for (const h of result.hits) {
      html +=
        `<li data-entry="${escapeHtml(h.id)}"><a href="${escapeHtml(entryHref(h.url))}"><strong>${escapeHtml(hitLabel(h))}</strong></a> ${authorityBadge(h)}` +
        `<span class="arb-hit-meta">${escapeHtml(games[h.game] || h.game)} · ${escapeHtml(labels[h.kind] || h.kind)}</span>` +
        `<div class="arb-snippet">${h.snippet}</div></li>`;
    }
    html += "</ol>";
  }
  html += pager(params, page, pages);
  out.innerHTML = html;
  out.dataset.searchDone = "";
}

const params = new URLSearchParams(window.location.search);
for (const [key, input] of Object.entries(fields)) if (input) input.value = params.get(key) || "";
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const p = new URLSearchParams();
  for (const [key, input] of Object.entries(fields)) if (input && input.value.trim()) p.set(key, input.value.trim());
  history.pushState(null, "", "?" + p.toString());
  show(p);
});
// A player about to search again (the worker may have been stopped since): ready it (#23).
fields.requete?.addEventListener("focus", () => warmSearch());
for (const select of [fields.jeu, fields.type]) {
  select?.addEventListener("change", () => form.requestSubmit());
}
window.addEventListener("popstate", () => {
  const p = new URLSearchParams(window.location.search);
  for (const [key, input] of Object.entries(fields)) if (input) input.value = p.get(key) || "";
  show(p);
});
show(params);
