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
//
// A screen reader hears each step: a polite live region (#viewer-news)
// says the move, the side, the square, the discs and who is to move
// (WCAG 4.1.3), and a visually hidden list (#position) gives the position
// row by row, the board being one image. A step link that leads nowhere
// (Next at the end) is no link: no href, role="link" with aria-disabled,
// and tabindex="-1" so that the focus stays on it when it had it, rather
// than falling to the page (WCAG 2.4.3).
(function () {
  "use strict";
  var game = null; // {plies, ply, viewer, discs, marks}

  function init() {
    var data = document.getElementById("game-data");
    var viewer = document.getElementById("viewer");
    var before = game;
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
    if (!before) { return; }
    // A live update: the new content was drawn at the position asked for
    // when it was fetched; the viewer shows the one it was on, or, for who
    // watched the end, the new end, said aloud.
    if (wasAtEnd && before.ply < plies.length - 1) {
      show(plies.length - 1);
    } else {
      show(before.ply, true);
    }
  }

  function text(id, value) {
    var el = document.getElementById(id);
    if (el) { el.textContent = value; }
    return el;
  }

  // setLink makes the step link id lead to ply, or, disabled, no link
  // (as game.html draws it).
  function setLink(id, ply, disabled) {
    var a = document.getElementById(id);
    if (!a) { return; }
    a.dataset.ply = String(ply);
    if (disabled) {
      a.removeAttribute("href");
      a.setAttribute("role", "link");
      a.setAttribute("aria-disabled", "true");
      a.setAttribute("tabindex", "-1");
    } else {
      a.setAttribute("href", "?ply=" + ply);
      a.removeAttribute("role");
      a.removeAttribute("aria-disabled");
      a.removeAttribute("tabindex");
    }
  }

  // rowText says row r (0 for row 1) of board in words, runs of a colour
  // together: "Row 4: a4 to c4 empty, d4 white, e4 black, f4 to h4 empty".
  function rowText(board, r) {
    var names = { b: "black", w: "white", ".": "empty" };
    var sq = function (col) { return "abcdefgh".charAt(col) + (r + 1); };
    var parts = [], from = 0;
    for (var c = 1; c <= 8; c++) {
      if (c < 8 && board.charAt(r * 8 + c) === board.charAt(r * 8 + from)) { continue; }
      parts.push((c - 1 === from ? sq(from) : sq(from) + " to " + sq(c - 1)) + " " + names[board.charAt(r * 8 + from)]);
      from = c;
    }
    if (parts.length === 1 && board.charAt(r * 8) === ".") { parts = ["empty"]; }
    return "Row " + (r + 1) + ": " + parts.join(", ");
  }

  // announce says text in the viewer's live region.
  function announce(text) {
    var news = document.getElementById("viewer-news");
    if (news) { news.textContent = text; }
  }

  // show draws the position after ply moves, and says it unless quiet.
  function show(ply, quiet) {
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
    var rows = document.querySelectorAll("#position li");
    for (var r = 0; r < rows.length && r < 8; r++) {
      var words = rowText(p.board, r);
      if (rows[r].textContent !== words) { rows[r].textContent = words; }
    }
    if (!quiet) {
      announce(p.caption + ". Black " + p.black + ", white " + p.white + ", empty " + p.empty + ". " +
        p.status + (p.score ? " " + p.score : ""));
    }
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
