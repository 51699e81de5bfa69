/* Arbitre's browser code (copied to site/assets/arbitre/ by `arbitre build`).
 *
 * - Judge tools on the targeted entry (a click on its number, or a /r/<id> link): breadcrumb of
 *   its ancestors, previous and next entry, « Copier la citation » (naming the document's
 *   edition), and the maintainer's « Source » disclosure (file, lines, unresolved references).
 * - Previews: hovering (or focusing) a link to an entry shows its text; a glossary term shows its
 *   definition.  On a touch screen, a first tap on a term or a rule reference opens the preview
 *   in place, a second tap (or the link inside) follows it.
 * - The « page introuvable »: names an unknown short link and offers a search; follows another
 *   spelling of a known one (/r/The-Spoils/609.1F).
 * - Old /<game>/<document>/#anchor links of a split document go to the section page.
 *
 * What it shows comes from one JSON file per game (site/data.py), fetched on first need.
 * Entry ids are found from addresses: /<game>/…/#<anchor>, anchor = local id with "/" as "--".
 */
(function () {
  "use strict";

  var script = document.currentScript;
  var ROOT = new URL("../../", script ? script.src : location.href);
  var DATA = "assets/arbitre/data/";
  var cache = {};

  function gameData(game) {
    if (!cache[game]) {
      cache[game] = fetch(new URL(DATA + game + ".json", ROOT).href)
        .then(function (r) { return r.ok ? r.json() : { entries: {} }; })
        .catch(function () { return { entries: {} }; });
    }
    return cache[game];
  }

  /** The entry id an address points to (same site, a path under the root, and an anchor). */
  function entryIdOf(url) {
    var u = new URL(url, location.href);
    if (u.origin !== ROOT.origin || !u.hash || u.pathname.indexOf(ROOT.pathname) !== 0) {
      return null;
    }
    var game = u.pathname.slice(ROOT.pathname.length).split("/")[0];
    var anchor = decodeURIComponent(u.hash.slice(1));
    if (!game || !anchor) return null;
    return game + "/" + anchor.split("--").join("/");
  }

  function lookup(id) {
    var game = id.split("/")[0];
    return gameData(game).then(function (data) { return data.entries[id] || null; });
  }

  function heading(record, id) {
    var parts = [record.n, record.t].filter(Boolean);
    return parts.length ? parts.join(" ") : id.split("/").slice(1).join("/");
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
    });
    return node;
  }

  function entryLink(id, record, label) {
    return el("a", { href: new URL(record.u, ROOT).href }, [label || heading(record, id)]);
  }

  /* --- copy-citation --------------------------------------------------------------------- */

  function shortLink(id) {
    return new URL("r/" + id, ROOT).href;
  }

  function citation(id, record, data) {
    var edition = record.c || data.c;
    return [heading(record, id), record.x, edition, shortLink(id)].filter(Boolean).join("\n");
  }

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    var area = el("textarea", { "aria-hidden": "true", style: "position:fixed;opacity:0" });
    area.value = text;
    document.body.appendChild(area);
    area.select();
    var ok = document.execCommand("copy");
    area.remove();
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  }

  /* --- judge tools ----------------------------------------------------------------------- */

  function ancestors(data, id) {
    var chain = [];
    var seen = {};
    var parent = (data.entries[id] || {}).p;
    while (parent && data.entries[parent] && !seen[parent]) {
      seen[parent] = true;
      chain.unshift(parent);
      parent = data.entries[parent].p;
    }
    return chain;
  }

  function tools(data, id, record) {
    var box = el("div", { class: "arb-tools", role: "group", "aria-label": "Outils de l’arbitre" });
    box.dataset.entry = id;

    var crumbs = el("nav", { class: "arb-crumbs", "aria-label": "Ascendants" });
    ancestors(data, id).forEach(function (a) {
      crumbs.appendChild(entryLink(a, data.entries[a]));
      crumbs.appendChild(document.createTextNode(" › "));
    });
    crumbs.appendChild(el("span", { "aria-current": "location" }, [heading(record, id)]));
    box.appendChild(crumbs);

    var row = el("div", { class: "arb-tools-row" });
    if (record.b && data.entries[record.b]) {
      var prev = entryLink(record.b, data.entries[record.b], "← " + heading(data.entries[record.b], record.b));
      prev.className = "arb-prev";
      prev.rel = "prev";
      row.appendChild(prev);
    }
    var copy = el("button", { type: "button", class: "arb-copy" }, ["Copier la citation"]);
    var status = el("span", { class: "arb-copy-status", role: "status" });
    copy.addEventListener("click", function () {
      copyText(citation(id, record, data)).then(
        function () { status.textContent = "Citation copiée."; },
        function () { status.textContent = "Copie refusée par le navigateur."; }
      );
    });
    row.appendChild(copy);
    row.appendChild(status);
    if (record.a && data.entries[record.a]) {
      var next = entryLink(record.a, data.entries[record.a], heading(data.entries[record.a], record.a) + " →");
      next.className = "arb-next";
      next.rel = "next";
      row.appendChild(next);
    }
    box.appendChild(row);

    var source = el("details", { class: "arb-source" }, [el("summary", {}, ["Source"])]);
    source.appendChild(el("p", {}, ["Document d’origine : " + record.s]));
    source.appendChild(el("p", {}, ["Lien court : ", el("code", {}, [shortLink(id)])]));
    if (record.r && record.r.length) {
      var list = el("ul", {});
      record.r.forEach(function (r) { list.appendChild(el("li", {}, ["Référence non résolue : " + r])); });
      source.appendChild(list);
    }
    box.appendChild(source);
    return box;
  }

  function showTools() {
    var anchor = decodeURIComponent(location.hash.slice(1));
    var old = document.querySelector(".arb-tools");
    var target = anchor && document.getElementById(anchor);
    if (!target || !target.closest(".md-content") || target.closest(".arb-tools")) {
      if (old) old.remove();
      return;
    }
    var id = entryIdOf(location.href);
    if (!id) return;
    gameData(id.split("/")[0]).then(function (data) {
      var record = data.entries[id];
      if (!record) return;
      var current = document.querySelector(".arb-tools");
      if (current && current.dataset.entry === id) return;
      if (current) current.remove();
      var box = tools(data, id, record);
      if (target.classList.contains("arb-entry")) {
        var head = target.querySelector(":scope > .admonition-title") || target.firstElementChild;
        if (head) head.after(box); else target.prepend(box);
      } else {
        target.after(box);  // a section heading, a glossary term's heading
      }
    });
  }

  /* --- previews -------------------------------------------------------------------------- */

  var preview = null;
  var previewFor = null;
  var lastPointer = "mouse";
  var PREVIEW_LIMIT = 420;

  function cut(text) {
    if (!text || text.length <= PREVIEW_LIMIT) return text || "";
    return text.slice(0, PREVIEW_LIMIT).replace(/\s+\S*$/, "") + " …";
  }

  function hidePreview() {
    if (preview) preview.remove();
    preview = null;
    previewFor = null;
  }

  function place(box, link) {
    var r = link.getBoundingClientRect();
    var width = Math.min(360, document.documentElement.clientWidth - 16);
    box.style.width = width + "px";
    var left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8));
    box.style.left = left + "px";
    box.style.top = r.bottom + window.scrollY + 6 + "px";
  }

  function showPreview(link, touch) {
    var id = entryIdOf(link.href);
    if (!id || link.closest(".arb-tools, .arb-preview, .md-nav, .md-header, .headerlink")) return;
    if (link.classList.contains("arb-num") || link.classList.contains("arb-permalink")) return;
    lookup(id).then(function (record) {
      if (!record) return;
      hidePreview();
      var title = heading(record, id) + (record.e ? " (anglais : " + record.e + ")" : "");
      var box = el("div", { class: "arb-preview", role: "tooltip", id: "arb-preview" }, [
        el("strong", {}, [title]),
        el("p", {}, [cut(record.x) || "Voir l’entrée."]),
      ]);
      if (touch) {
        var go = entryLink(id, record, record.k === "glossary" ? "Lire dans le glossaire →" : "Ouvrir l’entrée →");
        go.className = "arb-preview-go";
        box.appendChild(go);
      }
      document.body.appendChild(box);
      place(box, link);
      link.setAttribute("aria-describedby", "arb-preview");
      preview = box;
      previewFor = link;
    });
  }

  function previewable(target) {
    var link = target && target.closest && target.closest(".md-content a[href]");
    return link && entryIdOf(link.href) ? link : null;
  }

  document.addEventListener("pointerdown", function (e) { lastPointer = e.pointerType; }, true);

  document.addEventListener("mouseover", function (e) {
    if (lastPointer === "touch") return;
    var link = previewable(e.target);
    if (link && link !== previewFor) {
      if (link.title) { link.dataset.title = link.title; link.removeAttribute("title"); }
      showPreview(link, false);
    }
  });
  document.addEventListener("mouseout", function (e) {
    if (lastPointer === "touch" || !previewFor) return;
    if (e.target.closest && e.target.closest("a") === previewFor && !previewFor.contains(e.relatedTarget)) {
      hidePreview();
    }
  });
  // Keyboard focus previews as hovering does.  A tap focuses its link too: that focus is left to
  // the tap (below), or the preview it opened would make the tap count as the second one.
  document.addEventListener("focusin", function (e) {
    if (lastPointer === "touch") return;
    var link = previewable(e.target);
    if (link && link !== previewFor) showPreview(link, false);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Tab") lastPointer = "keyboard";
    if (e.key === "Escape") hidePreview();
  });

  // Touch: the first tap on a term or a rule reference opens the preview; the second follows it.
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a.arb-term, a.arb-ref, a.arb-cite");
    if (lastPointer === "touch" && link && previewable(link)) {
      if (previewFor !== link) {
        e.preventDefault();
        showPreview(link, true);
      }
      return;
    }
    if (preview && !(e.target.closest && e.target.closest(".arb-preview"))) hidePreview();
  });

  /* --- the « page introuvable » ---------------------------------------------------------- */

  function notFound(box) {
    var path = decodeURIComponent(location.pathname);
    var under = path.indexOf(ROOT.pathname) === 0 ? path.slice(ROOT.pathname.length) : path;
    if (under.indexOf("r/") !== 0) return;
    var id = under.slice(2).replace(/^\/+|\/+$/g, "");
    if (!id) return;
    var query = id.split("/").pop();
    var search = new URL("recherche/", ROOT);
    search.searchParams.set("requete", query);
    box.textContent = "";
    box.appendChild(el("p", {}, ["Aucune entrée ne porte l’identifiant « " + id + " »."]));
    box.appendChild(el("p", {}, [
      el("a", { class: "arb-notfound-search", href: search.href }, ["Chercher « " + query + " »"]),
      " · ",
      el("a", { href: ROOT.href }, ["Accueil"]),
    ]));
    var lower = id.toLowerCase();
    if (lower !== id) {
      var other = new URL("r/" + lower + "/", ROOT).href;
      fetch(other, { method: "HEAD" }).then(function (r) { if (r.ok) location.replace(other); });
    }
  }

  /* --- old anchors of split documents ---------------------------------------------------- */

  function forward(node) {
    var pages = JSON.parse(node.dataset.forward);
    var anchor = decodeURIComponent(location.hash.slice(1));
    if (pages[anchor]) location.replace(pages[anchor] + "#" + encodeURIComponent(anchor));
  }

  function start() {
    // Material's search panel is a dialog without a name (axe: aria-dialog-name).
    var dialog = document.querySelector(".md-search[role=dialog]:not([aria-label])");
    if (dialog) dialog.setAttribute("aria-label", "Recherche");
    var missing = document.getElementById("arb-notfound");
    if (missing) notFound(missing);
    var moved = document.getElementById("arb-forward");
    if (moved) forward(moved);
    showTools();
    window.addEventListener("hashchange", showTools);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
