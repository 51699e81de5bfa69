// The « Recherche » page: /recherche/?requete=Q[&jeu=G][&type=K][&page=N].
// Contract for the browser tests: results are `[data-entry]` elements in rank order inside
// #arb-results, which gets `data-search-done` once they are shown (also when there are none),
// and `data-search-source`: « worker » when the offline worker answered, else « page ».
import { search, siteRoot, warmSearch } from "./load.js";
import { failureHtml, requestKey, resultsHtml, searchRequest } from "./results.js";

const form = document.getElementById("arb-search");
const out = document.getElementById("arb-results");
const fields = { requete: form.elements.requete, jeu: form.elements.jeu, type: form.elements.type };

async function show(params) {
  const { q, options } = searchRequest(params);
  delete out.dataset.searchDone;
  delete out.dataset.searchKey;
  if (!q) {
    out.innerHTML = "";
    out.dataset.searchDone = "";
    return;
  }
  out.innerHTML = "<p>Recherche…</p>";
  let answer;
  try {
    answer = await search(q, options);
  } catch (error) {
    out.innerHTML = failureHtml(error.message, error.loading);
    out.dataset.searchDone = "";
    return;
  }
  out.dataset.searchSource = answer.source;
  out.innerHTML = resultsHtml(params, answer, siteRoot);
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
// The offline worker may have written this address's results into the page it served (#23).
if (out.dataset.searchKey !== requestKey(params)) show(params);
