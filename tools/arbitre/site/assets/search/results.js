// A search's answer as the pages show it: the « Recherche » page's results (`resultsHtml`,
// `failureHtml`) and the pieces the header box shares.  No imports: the pages load it as it is,
// and it is joined into the engine (engine.js), so that the offline worker writes a search link's
// results into the page it serves (#23) with the very markup the page would have written.

export const PAGE_SIZE = 10; // results per page of /recherche/

export const escapeHtml = (s) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);

// French typography, as the pages have it (site/typography.py): a no-break space inside « » and
// before ? ! : ;, in the text of `html` only (never in a tag or its attributes), so that a
// phone's line never starts with » or ?.  Each writer applies it once to what it writes.
export const frenchHtml = (html) =>
  html.replace(/<[^>]*>|[^<]+/g, (part) =>
    part.startsWith("<") ? part : part.replace(/« +/g, "«\u00a0").replace(/ +(?=[»?!:;])/g, "\u00a0"));

// What the « Recherche » page shows for its address's parameters: {q, game, kind, page, options},
// `options` what the engine is asked (the page's slice of the results).
export function searchRequest(params) {
  const page = Math.max(1, parseInt(params.get("page") || "1", 10) || 1);
  const game = params.get("jeu") || null;
  const kind = params.get("type") || null;
  return {
    q: (params.get("requete") || "").trim(),
    page,
    options: { game, kind, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
  };
}

// A search's identity: two searches of the same key have the same results.
export const searchKey = (q, { game = null, kind = null, limit = PAGE_SIZE, offset = 0 } = {}) =>
  JSON.stringify([String(q), game, kind, limit, offset]);

// The key of the search the « Recherche » page's parameters ask for.
export function requestKey(params) {
  const { q, options } = searchRequest(params);
  return searchKey(q, options);
}

// The site address of an entry (« /the-spoils/regles/section-6/#609.1f ») under `root`, the
// site's root on this copy.
export const hitHref = (url, root) => new URL(url.replace(/^\//, ""), root).href;

// What a hit is called: its number and title (a title that already shows its number stands
// alone: « Étape 1 », as the site's headings print it); a rule without a title, its number
// and the start of its text; never its id.
export function hitLabel(hit) {
  if (hit.title && hit.number && hit.title.includes(hit.number)) return hit.title;
  if (hit.title) return [hit.number, hit.title].filter(Boolean).join(" ");
  const start = (hit.text || "").replace(/\s+/g, " ").trim();
  const cut = start.length > 70 ? start.slice(0, 70).replace(/\s+\S*$/, "") + "…" : start;
  return [hit.number, cut].filter(Boolean).join(" ") || "(sans titre)";
}

// A hit from a community source (a game whose rules are not the publisher's): a badge.
export function authorityBadge(hit) {
  return hit.authority === "community" ? '<span class="arb-badge arb-community">source communautaire</span>' : "";
}

// A query asked without a game but taken to be about one: say which and why, with a link to
// the same search in that game only (`href`: the search page's URL for it) — none when the
// game the query names has none of its words (`focus.absent`): that search finds nothing.
export function focusLine(focus, href) {
  if (!focus) return "";
  const only = (focus.absent || []).length ? "" :
    ` — <a href="${escapeHtml(href)}">seulement ${escapeHtml(focus.title)}</a>`;
  return `<p class="arb-focus" data-focus="${escapeHtml(focus.game)}">Recherche ${escapeHtml(focus.message)}${only}</p>`;
}

// The search page's address with `changes` made to its parameters (a value of null drops one).
export function searchLink(params, changes) {
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
  if (page > 1) items.push(`<a href="${searchLink(params, { page: page - 1 })}" rel="prev">← Précédents</a>`);
  items.push(`<span>Page ${page} sur ${pages}</span>`);
  if (page < pages) items.push(`<a href="${searchLink(params, { page: page + 1 })}" rel="next">Suivants →</a>`);
  return `<nav class="arb-pager" aria-label="Pages de résultats">${items.join(" ")}</nav>`;
}

// The results of the search `params` asks for: `answer` is {result, games, labels} (a search's
// result and the names of the games and kinds); `root` the site's root on this copy.
export function resultsHtml(params, { result, games, labels }, root) {
  const { q, page } = searchRequest(params);
  let html = "";
  if (result.language === "en") {
    html += `<p class="arb-note" data-language="en">Question lue en anglais : recherche des termes français correspondants.</p>`;
  }
  if (result.replacements.length) {
    const changes = result.replacements.map((r) => `« ${escapeHtml(r.typed)} » → « ${escapeHtml(r.suggested)} »`).join(", ");
    html += `<p class="arb-note" data-corrected>Mots corrigés : ${changes} (recherche faite avec la correction).</p>`;
  }
  if (result.suggestion) {
    const asked = result.suggestion.trimEnd().endsWith("?") ? "" : " ?"; // (not « défausse ? ? »)
    html += `<p class="arb-suggestion">Vouliez-vous dire <a href="${searchLink(params, { requete: result.suggestion, page: null })}">${escapeHtml(result.suggestion)}</a>${asked}</p>`;
  }
  html += focusLine(result.focus, result.focus ? searchLink(params, { jeu: result.focus.game, page: null }) : "");
  const pages = Math.ceil(Math.min(result.total, 1000) / PAGE_SIZE);
  const count = result.total === 1 ? "1 résultat" : `${result.total} résultats`;
  html += `<p class="arb-count">${result.total ? count : "Aucun résultat"} pour « ${escapeHtml(q)} »` +
    (result.game ? ` dans ${escapeHtml(games[result.game] || result.game)}` : "") +
    (result.kind ? ` (${escapeHtml(labels[result.kind] || result.kind)})` : "") + "</p>";
  if (result.hits.length) {
    html += `<ol class="arb-hits" start="${(page - 1) * PAGE_SIZE + 1}">`;
    for (const h of result.hits) {
      html +=
        `<li data-entry="${escapeHtml(h.id)}"><a href="${escapeHtml(hitHref(h.url, root))}"><strong>${escapeHtml(hitLabel(h))}</strong></a> ${authorityBadge(h)}` +
        `<span class="arb-hit-meta">${escapeHtml(games[h.game] || h.game)} · ${escapeHtml(labels[h.kind] || h.kind)}</span>` +
        `<div class="arb-snippet">${h.snippet}</div></li>`;
    }
    html += "</ol>";
  }
  return frenchHtml(html + pager(params, page, pages));
}

// A search that could not be made: the engine refused the query, or (`loading`) could not load.
export function failureHtml(message, loading = false) {
  const why = loading ? "La recherche n’a pas pu se charger : " : "";
  return frenchHtml(`<p class="arb-error">${why}${escapeHtml(message)}</p>`);
}
