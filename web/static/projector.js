// The projector turns its pages by itself: the round's pairings, then the
// standings, each a screenful at a time, every few seconds, and then the
// server's next page of them (?page=N) if the event has several. live.js puts
// each new version of the page in place; the turning goes on where it was.
(function () {
  "use strict";
  var slide = 0, page = 0, timer = null;
  function slides() { return Array.prototype.slice.call(document.querySelectorAll(".projector .slide")); }
  function show() {
    var all = slides();
    if (!all.length) { return; }
    if (slide >= all.length) { slide = 0; page = 0; }
    all.forEach(function (s, i) { s.hidden = i !== slide; });
    var s = all[slide];
    var pages = Math.max(1, Math.ceil(s.scrollHeight / Math.max(1, s.clientHeight)));
    if (page >= pages) { page = 0; }
    s.scrollTop = page * s.clientHeight;
  }
  function step() {
    var all = slides();
    if (!all.length) { return; }
    var s = all[slide] || all[0];
    var pages = Math.max(1, Math.ceil(s.scrollHeight / Math.max(1, s.clientHeight)));
    if (page + 1 < pages) {
      page++;
    } else {
      page = 0;
      if (slide + 1 >= all.length && turnPage()) { return; }
      slide = (slide + 1) % all.length;
    }
    show();
  }
  // turnPage goes on to the server's next page of the projector (a big
  // event's round and standings are a hundred lines a page: data-page of
  // data-pages), the last leading back to the first; false when the
  // projector is one page.
  function turnPage() {
    var p = document.querySelector(".projector");
    var n = +(p && p.dataset.page) || 0, of = +(p && p.dataset.pages) || 0;
    if (of < 2 || n < 1) { return false; }
    var url = new URL(location.href);
    if (n >= of) { url.searchParams.delete("page"); } else { url.searchParams.set("page", String(n + 1)); }
    location.replace(url.toString());
    return true;
  }
  function start() {
    var p = document.querySelector(".projector");
    if (!p) { return; }
    // ?every=N in the address turns the pages every N seconds (3 at least).
    var asked = /[?&]every=(\d+)/.exec(location.search);
    var every = Math.max(3, +(asked ? asked[1] : p.dataset.every) || 12) * 1000;
    clearInterval(timer);
    timer = setInterval(step, every);
    show();
  }
  start();
  document.addEventListener("outflank:updated", function () { show(); });
})();
