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
  var stream = new EventSource(main.dataset.live);
  stream.addEventListener("change", refresh);
  stream.addEventListener("bye", function () { stream.close(); });
})();
