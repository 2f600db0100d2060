// The game viewer: steps through a game without reloading the page, with
// the First/Previous/Next/Last links, the moves of the list and the arrow
// keys (Home and End for the start and the end), keeping ?ply=N in the
// address bar so that the link shared is the position shown.
//
// The page carries every position in a JSON data block (#game-data),
// computed on the server from the replay: this script only shows them, by
// setting the classes of the board's 64 discs and 64 markers (a1 to h8)
// and the texts of the panel. Without JavaScript the links load the
// position from the server, drawn the same way.
(function () {
  "use strict";
  var game = null; // {plies, ply, viewer, discs, marks}

  function init() {
    var data = document.getElementById("game-data");
    var viewer = document.getElementById("viewer");
    var wasAtEnd = game !== null && game.ply === game.plies.length - 1;
    if (!data || !viewer) {
      game = null;
      return;
    }
    var plies;
    try {
      plies = JSON.parse(data.textContent);
    } catch (e) {
      game = null;
      return;
    }
    var svg = viewer.querySelector("svg.board");
    game = {
      plies: plies,
      ply: Number(viewer.dataset.ply),
      viewer: viewer,
      svg: svg,
      discs: svg.querySelectorAll("circle.d"),
      marks: svg.querySelectorAll("circle.m")
    };
    // A live update brought more moves: who watched the end follows it.
    if (wasAtEnd && game.ply < plies.length - 1) {
      show(plies.length - 1);
    }
  }

  function text(id, value) {
    var el = document.getElementById(id);
    if (el) { el.textContent = value; }
    return el;
  }

  function setLink(id, ply, disabled) {
    var a = document.getElementById(id);
    if (!a) { return; }
    a.setAttribute("href", "?ply=" + ply);
    a.dataset.ply = String(ply);
    if (disabled) {
      a.setAttribute("aria-disabled", "true");
    } else {
      a.removeAttribute("aria-disabled");
    }
  }

  // show draws the position after ply moves.
  function show(ply) {
    var last = game.plies.length - 1;
    ply = Math.max(0, Math.min(last, ply));
    var p = game.plies[ply];
    var legal = {};
    p.legal.forEach(function (sq) { legal[sq] = true; });
    for (var sq = 0; sq < 64; sq++) {
      var c = p.board.charAt(sq);
      game.discs[sq].setAttribute("class", "d " + (c === "b" ? "b" : c === "w" ? "w" : "e"));
      var mark = sq === p.last ? "last" : legal[sq] ? "legal" : "";
      game.marks[sq].setAttribute("class", "m " + mark);
    }
    game.svg.setAttribute("data-turn", p.turn);
    var title = game.svg.querySelector("title");
    if (title) { title.textContent = p.caption; }
    text("caption", p.caption);
    text("discs-black", p.black);
    text("discs-white", p.white);
    text("discs-empty", p.empty);
    text("status", p.status);
    var score = text("score", p.score);
    if (score) { score.hidden = p.score === ""; }
    setLink("step-first", 0, ply === 0);
    setLink("step-prev", Math.max(ply - 1, 0), ply === 0);
    setLink("step-next", Math.min(ply + 1, last), ply === last);
    setLink("step-last", last, ply === last);
    var current = game.viewer.querySelectorAll(".moves a[aria-current]");
    for (var i = 0; i < current.length; i++) { current[i].removeAttribute("aria-current"); }
    var now = game.viewer.querySelector('.moves a[data-ply="' + ply + '"]');
    if (now) {
      now.setAttribute("aria-current", "step");
    }
    game.ply = ply;
    game.viewer.dataset.ply = String(ply);
    var url = new URL(window.location.href);
    url.searchParams.set("ply", String(ply));
    url.searchParams.delete("fragment");
    window.history.replaceState(null, "", url.pathname + url.search + url.hash);
  }

  document.addEventListener("keydown", function (e) {
    if (!game || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) { return; }
    var to;
    switch (e.key) {
      case "ArrowLeft": to = game.ply - 1; break;
      case "ArrowRight": to = game.ply + 1; break;
      case "Home": to = 0; break;
      case "End": to = game.plies.length - 1; break;
      default: return;
    }
    e.preventDefault();
    show(to);
  });

  document.addEventListener("click", function (e) {
    if (!game || e.button !== 0 || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    var a = e.target.closest && e.target.closest("a[data-ply]");
    if (!a || !game.viewer.contains(a)) { return; }
    e.preventDefault();
    show(Number(a.dataset.ply));
  });

  // live.js replaced the page's content with the tournament's new version.
  document.addEventListener("outflank:updated", init);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", init);
  } else {
    init();
  }
})();
