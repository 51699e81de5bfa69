// Arbitre's offline worker, part 3 of 4 (offline.py `WORKER_PARTS` joins files.js, requests.js,
// search.js, messages.js into the site's sw.js): the search it answers with this version's index.
// -- the search ----------------------------------------------------------------------------

let engine = null;

// Let the requests waiting for this worker (the page's styles and scripts) go first.
const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

// This version's search engine over this version's index, built once while the worker runs, in
// steps between which the pages' requests are answered.
function searchEngine() {
  if (!engine) {
    engine = (async () => {
      let response = await held(BUILD.index);
      if (!response) {
        const fetched = await fetchFile(BUILD.index);
        if (!fetched.same) throw new Error("l’index de recherche a changé depuis cette version");
        response = fetched.response;
      }
      // Read whole, then decoded: ~9 ms sooner than `text()`'s decoding as it streams (#23).
      const text = new TextDecoder().decode(await response.arrayBuffer());
      await pause();
      const data = JSON.parse(text);
      await pause();
      const built = new ArbitreSearch.Engine(data);
      await pause();
      return built;
    })();
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

// The results `prepare` found, handed to the page's request for them when they were not written
// into the page (rather than searched again; the engine answers a query alike every time).
let prepared = null;

// A search link is being opened: build the engine and run its query while the page is sent.
// Resolves {result, games, labels}, or {invalid: the engine's reason}, or null (no engine).
async function prepare(params) {
  try {
    const built = await searchEngine();
    await pause();
    const { q, options } = ArbitreSearch.searchRequest(params);
    let result;
    try {
      result = built.search(q, options);
    } catch (error) {
      return { invalid: String(error?.message || error) };
    }
    prepared = { key: ArbitreSearch.searchKey(q, options), result };
    return { result, games: built.data.games, labels: built.kindLabels };
  } catch {
    return null; // the page's own request says what went wrong
  }
}

// The search page with its results (#23): sent at once up to its results' place, then the results
// as the page itself would write them — with the key of the search they answer, which the page
// reads to leave them as they are — and the rest.  Results not found within RESULTS_WAIT (the
// engine fails, a slow device) leave the place as it was: the page asks for them itself.
const RESULTS_SLOT = /<div id="arb-results"[^>]*>[\s\S]*?<\/div>/;
const RESULTS_WAIT = 2000; // ms
const encoder = new TextEncoder();

async function withResults(page, params, found) {
  const html = await page.text();
  const slot = RESULTS_SLOT.exec(html);
  if (!slot) return copy(page, html);
  const body = new ReadableStream({
    async start(controller) {
      controller.enqueue(encoder.encode(html.slice(0, slot.index)));
      const answer = await Promise.race([found, new Promise((resolve) => setTimeout(resolve, RESULTS_WAIT, null))]);
      const rest = html.slice(slot.index + slot[0].length);
      if (answer?.result) prepared = null; // written: the page does not ask for them
      controller.enqueue(encoder.encode((answer ? resultsSlot(slot[0], params, answer) : slot[0]) + rest));
      controller.close();
    },
  });
  return copy(page, body);
}

function resultsSlot(slot, params, answer) {
  const open = slot.slice(0, slot.indexOf(">"));
  const done = ` data-search-done data-search-key="${escapeHtml(ArbitreSearch.requestKey(params))}"`;
  if (answer.invalid !== undefined) return `${open}${done}>${ArbitreSearch.failureHtml(answer.invalid)}</div>`;
  return `${open}${done} data-search-source="worker">${ArbitreSearch.resultsHtml(params, answer, SCOPE.href)}</div>`;
}

// The engine built and ready for a first query of each kind: when this worker takes the pages,
// and after a restart when a page is about to search (its box has the focus).  Never fails.
async function readySearch() {
  try {
    const built = await searchEngine();
    if (built.warm) return;
    built.warm = true;
    for (const query of built.warmUpQueries()) {
      await pause();
      built.search(query);
    }
  } catch {
    // a page's search says what went wrong
  }
}

// The answer to a page's `search`: its results with the names the page shows (games, kinds);
// `invalid` when the engine refuses the query (the page says why); `ahead` for a page of a newer
// build (it searches with its own engine).  A failure to load is an `error`: the page searches
// with its own engine.
async function search({ query, game = null, kind = null, limit = 10, offset = 0 }, reply, client) {
  if (client && (await aheadClients()).has(client)) return reply({ type: "ahead" });
  const found = await searchEngine();
  const key = ArbitreSearch.searchKey(query, { game, kind, limit, offset });
  let result = prepared?.key === key ? prepared.result : null;
  prepared = null;
  try {
    result ??= found.search(String(query), { game, kind, limit, offset });
  } catch (error) {
    return reply({ type: "invalid", message: String(error?.message || error) });
  }
  reply({ type: "results", result, games: found.data.games, labels: found.kindLabels });
}

