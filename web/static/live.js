// Live updates: a page whose <main> names a stream (data-live) follows it.
// On each "change" event the page fetches its own content again
// (?fragment=1: the <main> only, rendered once per version by the server)
// and puts it in place. Without JavaScript the page is the same, and a
// reload shows the changes.
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
        }
      })
      .catch(function () {})
      .finally(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }
  var stream = null;
  function listen() {
    var s = new EventSource(main.dataset.live);
    s.addEventListener("change", refresh);
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
