// Live updates: a page whose <main> names a stream (data-live) follows it.
// On each "change" event the page fetches its own content again
// (?fragment=1: the <main> only, rendered once per version by the server)
// and puts it in place. Without JavaScript the page is the same, and a
// reload shows the changes.
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
          main.innerHTML = html;
          main.dispatchEvent(new CustomEvent("outflank:updated", { bubbles: true }));
          strip.put();
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
    html: null, // the boards last fetched, put back when <main> is replaced
    busy: false,
    timer: null,
    last: 0,
    el: function () { return main.querySelector("[data-live-src]"); },
    put: function () {
      var el = strip.el();
      if (!el || strip.html === null) { return; }
      var boards = el.querySelector(".live-strip-boards");
      if (boards) { boards.innerHTML = strip.html; }
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
