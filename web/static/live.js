// Live updates: a page whose <main> names a stream (data-live) follows it.
// On each "change" event the page fetches its own content again
// (?fragment=1: the <main> only, rendered once per version by the server)
// and merges it into the page in place (morph, below): an element that
// did not change stays the same element, so the keyboard's focus, a
// search box's text and caret and what a screen reader was reading stay
// where they were (WCAG 2.4.3, 3.2.2). A polite live region (#live-news)
// then says in a few words what changed ("Result at table 12: ...",
// "Standings updated"), without moving the focus (WCAG 4.1.3). Without
// JavaScript the page is the same, and a reload shows the changes.
//
// Before merging, live.js sends "outflank:updating" with the new content
// (detail.fragment), so that a script can give it the state it keeps (the
// find box shown, the rows it hides) and the merge changes only what the
// server changed; "outflank:updated" follows the merge.
//
// A page whose stream follows live games (?moves=, live.go) also gets a
// "move" event when a table judge records a move: the game viewer then
// fetches its content again, as on a change; the event page fills its
// strip of live games (an element with data-live-src) from the live
// boards' page, at most every few seconds however many games are played.
(function () {
  "use strict";
  var main = document.getElementById("live");
  if (!main || !main.dataset.live || !window.EventSource || !window.fetch) {
    return;
  }

  // The live region: in <main> (every content in a landmark), kept out of
  // the merge (data-live-own), there from the start so that screen
  // readers follow it.
  var news = document.createElement("div");
  news.id = "live-news";
  news.className = "visually-hidden";
  news.setAttribute("role", "status");
  news.setAttribute("aria-live", "polite");
  news.setAttribute("aria-atomic", "true");
  news.setAttribute("data-live-own", "");
  main.appendChild(news);
  function announce(text) {
    // The same words again (a second result at a table) are changed by a
    // no-break space, which is not read, so that they are said again.
    if (news.textContent === text) { text += "\u00a0"; }
    news.textContent = text;
  }

  // key names an element among its siblings by what stays the same from
  // one version of the page to the next: its id, its table, its player,
  // its game.
  function key(n) {
    if (n.nodeType !== 1) { return ""; }
    if (n.id) { return "#" + n.id; }
    var v = n.getAttribute("data-table");
    if (v !== null) { return "t" + v; }
    v = n.getAttribute("data-player");
    if (v !== null) { return "p" + v; }
    v = n.getAttribute("data-game");
    if (v !== null) { return "g" + v; }
    return "";
  }
  function own(n) { return n.nodeType === 1 && n.hasAttribute("data-live-own"); }
  function same(a, b) { return a.nodeType === b.nodeType && a.nodeName === b.nodeName; }
  // place puts n before ref, keeping its focus where the browser can
  // (moveBefore; insertBefore takes the focus away).
  function place(parent, n, ref) {
    if (parent.moveBefore) {
      try { parent.moveBefore(n, ref); return; } catch (e) { /* below */ }
    }
    parent.insertBefore(n, ref);
  }

  // morph makes the node old like the node from, changing only what
  // differs.
  var changes = 0; // what the last merge changed
  function morph(old, from) {
    if (old.nodeType !== 1) {
      if (old.nodeValue !== from.nodeValue) { old.nodeValue = from.nodeValue; changes++; }
      return;
    }
    var i, a;
    for (i = 0; i < from.attributes.length; i++) {
      a = from.attributes[i];
      if (old.getAttribute(a.name) !== a.value) { old.setAttribute(a.name, a.value); changes++; }
    }
    for (i = old.attributes.length - 1; i >= 0; i--) {
      a = old.attributes[i];
      // A <details> the visitor opened stays open.
      if (a.name === "open" && old.nodeName === "DETAILS") { continue; }
      if (!from.hasAttribute(a.name)) { old.removeAttribute(a.name); changes++; }
    }
    // A live region's words are its script's, not the server's.
    if (old.hasAttribute("aria-live")) { return; }
    morphChildren(old, from);
  }

  function morphChildren(parent, from) {
    var keyed = {}, c, k;
    for (c = parent.firstChild; c; c = c.nextSibling) {
      k = key(c);
      if (k) { keyed[k] = c; }
    }
    var cur = parent.firstChild, next = from.firstChild;
    while (next) {
      var n = next;
      next = next.nextSibling;
      while (cur && own(cur)) { cur = cur.nextSibling; }
      k = key(n);
      var match = null;
      if (k) {
        match = keyed[k] || null;
        if (match && !same(match, n)) { match = null; }
        delete keyed[k];
      } else if (cur && !key(cur) && same(cur, n) && (n.nodeName !== "A" || cur.getAttribute("href") === n.getAttribute("href"))) {
        // (a link to somewhere else is another link: a focus on it is
        // not carried to where it now leads)
        match = cur;
      }
      if (match) {
        if (match === cur) {
          cur = cur.nextSibling;
        } else {
          place(parent, match, cur);
          changes++;
        }
        morph(match, n);
      } else {
        parent.insertBefore(n, cur); // n leaves from: next was read before
        changes++;
      }
    }
    while (cur) {
      c = cur.nextSibling;
      if (!own(cur)) { parent.removeChild(cur); changes++; }
      cur = c;
    }
  }

  // focusOf describes the focused element of main, to find its
  // counterpart if the merge had to replace it.
  function focusOf() {
    var el = document.activeElement;
    if (!el || el === document.body || !main.contains(el)) { return null; }
    var f = { el: el, id: el.id, href: el.getAttribute("href"), start: null, end: null };
    try {
      f.start = el.selectionStart;
      f.end = el.selectionEnd;
    } catch (e) { /* not a text field */ }
    return f;
  }
  function restore(f) {
    if (!f || (f.el.isConnected && document.activeElement === f.el)) { return; }
    var el = null;
    if (f.id) {
      el = document.getElementById(f.id);
    } else if (f.href !== null) {
      el = main.querySelector('a[href="' + CSS.escape(f.href) + '"]');
    }
    if (!el) { return; }
    el.focus({ preventScroll: true });
    if (f.start !== null && typeof el.setSelectionRange === "function") {
      try { el.setSelectionRange(f.start, f.end); } catch (e) { /* not text */ }
    }
  }

  // The news: what changed, said at most every newsEvery ms, so that a
  // busy event (a result every few seconds) does not talk without pause;
  // what changes meanwhile is said together.
  var newsEvery = 3000, newsLast = 0, newsTimer = null;
  var pending = { tables: {}, rows: {} };
  function rowTexts() {
    var texts = {};
    main.querySelectorAll("tr[data-table]").forEach(function (tr) {
      texts[tr.getAttribute("data-table")] = tr.textContent.replace(/\s+/g, " ").trim();
    });
    return texts;
  }
  // noteNews keeps what changed between the texts of the tables' rows
  // before and after a merge, and says it when its time comes.
  function noteNews(before, after) {
    Object.keys(after).forEach(function (t) {
      if (before[t] !== undefined && before[t] !== after[t]) {
        pending.tables[t] = true;
        pending.rows[t] = after[t];
      }
    });
    if (newsTimer) { return; }
    newsTimer = setTimeout(sayNews, Math.max(0, newsLast + newsEvery - Date.now()));
  }
  // sayNews says what changed: a result at a table, the results at
  // several, else the page's heading updated.
  function sayNews() {
    newsTimer = null;
    newsLast = Date.now();
    var changed = Object.keys(pending.tables), text;
    if (changed.length === 1) {
      text = "Result at table " + changed[0] + ": " + pending.rows[changed[0]].replace(new RegExp("^" + changed[0] + "\\s*"), "");
    } else if (changed.length > 1) {
      text = "Results at tables " + changed.join(", ");
    } else {
      var h1 = main.querySelector("h1");
      var title = h1 && h1.firstChild && h1.firstChild.nodeType === 3 ? h1.firstChild.nodeValue.trim() : "";
      text = (title || "This page") + " updated";
    }
    pending = { tables: {}, rows: {} };
    announce(text);
  }

  // update merges the new content html into main.
  function update(html) {
    var tpl = document.createElement("template");
    tpl.innerHTML = html;
    var fragment = tpl.content;
    document.dispatchEvent(new CustomEvent("outflank:updating", { detail: { fragment: fragment } }));
    strip.put(fragment);
    var before = rowTexts(), focus = focusOf();
    changes = 0;
    morphChildren(main, fragment);
    restore(focus);
    main.dispatchEvent(new CustomEvent("outflank:updated", { bubbles: true }));
    // A page that says its own changes (the game viewer: data-news) is
    // not spoken over; nor is a version that changed nothing shown.
    if (changes > 0 && !main.querySelector("[data-news]")) {
      noteNews(before, rowTexts());
    }
  }

  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    var url = new URL(window.location.href);
    url.searchParams.set("fragment", "1");
    fetch(url.toString(), { headers: { "Accept": "text/html" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html !== null) {
          update(html);
          strip.fetch();
        }
      })
      .catch(function () {})
      .finally(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }

  // The strip of live games: its boards are the live boards' page's,
  // fetched at most every stripEvery ms.
  var stripEvery = 3000;
  var strip = {
    html: null, // the boards last fetched, given to each new <main>
    busy: false,
    timer: null,
    last: 0,
    el: function () { return main.querySelector("[data-live-src]"); },
    // put shows the boards last fetched in the strip of root (main, or a
    // new version of it before the merge), merged as main is.
    put: function (root) {
      var el = (root || main).querySelector("[data-live-src]");
      if (!el || strip.html === null) { return; }
      var boards = el.querySelector(".live-strip-boards");
      if (boards) {
        var tpl = document.createElement("template");
        tpl.innerHTML = strip.html;
        morphChildren(boards, tpl.content);
      }
      el.hidden = !/class="live-board"/.test(strip.html);
    },
    fetch: function () {
      var el = strip.el();
      if (!el || strip.busy) { return; }
      strip.busy = true;
      strip.last = Date.now();
      fetch(el.dataset.liveSrc, { headers: { "Accept": "text/html" } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (html === null) { return; }
          var tmp = document.createElement("div");
          tmp.innerHTML = html;
          var boards = tmp.querySelector("#live-boards");
          strip.html = boards ? boards.innerHTML : "";
          strip.put();
        })
        .catch(function () {})
        .finally(function () { strip.busy = false; });
    },
    // soon fetches the boards, once stripEvery ms have passed.
    soon: function () {
      if (strip.timer) { return; }
      var wait = Math.max(0, strip.last + stripEvery - Date.now());
      strip.timer = setTimeout(function () { strip.timer = null; strip.fetch(); }, wait);
    }
  };

  // moved: a live game the page follows has new moves.
  function moved() {
    if (strip.el()) {
      strip.soon();
    } else {
      refresh();
    }
  }

  var stream = null;
  function listen() {
    var s = new EventSource(main.dataset.live);
    var opened = false;
    s.addEventListener("change", refresh);
    s.addEventListener("move", moved);
    // Moves are not replayed to a stream that reconnects: catch up.
    s.addEventListener("open", function () {
      if (opened && /[?&]moves=/.test(main.dataset.live)) { moved(); }
      opened = true;
    });
    // The server is shutting down: come back a little later (a restart),
    // and catch up with what changed meanwhile.
    s.addEventListener("bye", function () {
      s.close();
      if (stream === s) {
        stream = null;
        setTimeout(function () {
          if (!stream) { listen(); refresh(); }
        }, 5000 + Math.random() * 5000);
      }
    });
    stream = s;
  }
  listen();
  strip.fetch();
  // A page left for another stays in the back/forward cache with its
  // stream open, and a browser opens at most six connections to a site:
  // after a few pages, the next one would wait forever. So the stream
  // closes when the page is left, and reopens, catching up, if the page is
  // shown again.
  window.addEventListener("pagehide", function () {
    if (stream) { stream.close(); stream = null; }
  });
  window.addEventListener("pageshow", function (e) {
    if (e.persisted && !stream) { listen(); refresh(); }
  });
})();
