// The header's search box: the first results of Arbitre's search as the player types; Enter
// opens the « Recherche » page with every result.  The search is readied on the box's focus
// (the offline worker's, else the page's own engine, loaded then).
//
// On a game's pages, the box searches that game: a player reading Ashes' rules asks about
// Ashes.  Not when the query itself points at another game (its name, a word or a term of that
// game's alone: the search's focus), nor when that game has nothing for it (« 609.1f » typed on
// an Ashes page); a line says so, with a link to every game's results.
import { entryHref, search, warmSearch } from "./load.js";
import { authorityBadge, escapeHtml, failureHtml, focusLine, frenchHtml, hitLabel } from "./results.js";

const SHOWN = 8;

// The game whose pages are open (the address's first folder under the site's root, when it is
// a game's), else null.
function pageGame(form, games) {
  const root = new URL("../", form.action).pathname;
  const path = location.pathname; // (a game's id is plain ASCII: nothing to decode)
  if (!path.startsWith(root)) return null;
  const first = path.slice(root.length).split("/")[0];
  return Object.hasOwn(games, first) ? first : null;
}

// A title's or a query's words, folded (accents and case aside).
const wordsOf = (text) =>
  String(text || "").normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}]+/gu) || [];

// Whether a hit's title holds every word of three letters or more of `q`, two of them at least
// (a plural aside): the query names it (a card's name, « wheel of fortune »).  A single word is
// a term several games have (« deck », « jeton »): the open game's is the one asked about.
function titled(hit, q) {
  const asked = wordsOf(q).filter((w) => w.length > 2);
  const title = wordsOf(hit?.title);
  const holds = (w) => title.some((t) => t === w || t === w + "s" || w === t + "s");
  return asked.length > 1 && asked.every(holds);
}

// The search of `q` as the box shows it: in the open page's game, unless the query points at
// another game — a focus the query's own words give (not one read from the candidates), or the
// name of another game's entry the open game has no entry named by — or that game finds
// nothing.  `scope` is that game when its search is shown.  (Exported for the benchmark,
// tools/bench_static.py, which asks it each query set's questions from their game's page.)
export async function boxSearch(form, q) {
  const everywhere = await search(q, { limit: SHOWN });
  const here = pageGame(form, everywhere.games);
  const focus = everywhere.result.focus;
  if (!here || (focus && (focus.game === here || focus.reason !== "candidates"))) return everywhere;
  const inGame = await search(q, { limit: SHOWN, game: here });
  const [first] = everywhere.result.hits;
  const named = first && first.game !== here && titled(first, q) && !titled(inGame.result.hits[0], q);
  return inGame.result.total && !named ? { ...inGame, scope: here } : everywhere;
}

// The line over results searched in the open page's game: which, and the way to every game's.
function scopeLine(title, everyGame) {
  return (
    `<p class="arb-focus arb-scope">Recherche dans ${escapeHtml(title)} (le jeu de cette page) — ` +
    `<a href="${escapeHtml(everyGame)}">tous les jeux</a></p>`
  );
}

function setup(input) {
  const form = input.form;
  const panel = form.querySelector(".arb-header-search__results");
  // Enter opens the results the panel shows: in the open page's game when it searched that.
  const scopeField = Object.assign(document.createElement("input"), {
    type: "hidden",
    name: "jeu",
    disabled: true,
  });
  form.append(scopeField);
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
      const { result, games, labels, source, scope } = await boxSearch(form, q);
      if (mine !== asked) return;
      scopeField.value = scope || "";
      scopeField.disabled = !scope;
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
      if (scope) {
        html = scopeLine(games[scope] || scope, more.href) + html;
        more.searchParams.set("jeu", scope);
      } else if (result.focus) {
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
