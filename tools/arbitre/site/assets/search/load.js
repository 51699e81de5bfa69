// Loads the search engine and its index once, on first use (the header box's focus, or the
// « Recherche » page, which starts it from its <head>: theme/main.html), from this folder of
// the site: works on any static copy.
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
    ]).then(([data, module]) => {
      const engine = new module.Engine(data);
      engine.kindLabels = data.kind_labels || {};
      return engine;
    });
    pending.catch(() => {
      pending = null; // a failed load may be retried
    });
  }
  return pending;
}

// The site-relative URL of an entry (« /the-spoils/regles/section-6/#609.1f ») on this copy.
export function entryHref(url) {
  return new URL(url.replace(/^\//, ""), siteRoot).href;
}

const escapeHtml = (s) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
export { escapeHtml };

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
// the same search in that game only (`href`: the search page's URL for it).
export function focusLine(focus, href) {
  if (!focus) return "";
  return `<p class="arb-focus" data-focus="${escapeHtml(focus.game)}">Recherche ${escapeHtml(focus.message)} — ` +
    `<a href="${escapeHtml(href)}">seulement ${escapeHtml(focus.title)}</a></p>`;
}
