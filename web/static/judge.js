// The judge's board (/t/{slug}/judge/{round}/{table}): the judge taps the
// squares as the players play. Without JavaScript each tap is a form
// posted to the server; with it, the moves are played in the page at once,
// kept in localStorage, and sent to the server whenever it can be reached,
// so a phone that loses its connection loses no move.
//
// The protocol (docs/api.md, "The judges' boards"): each edit (a move, a
// take-back) numbers the whole transcript one above the last; the page
// sends only the latest, and the server keeps, per game, the transcript
// with the highest number, checked by its own rules (package othello). A
// resend is answered as the first time; an older number is ignored; the
// same number with other moves is another device's edit, and the page
// takes the server's transcript. Nothing is applied twice, nothing lost.
//
// To mark the legal moves and pass for the players while offline, the page
// plays Othello itself (below, as package othello plays it); the server
// checks every transcript again, and the browser tests check that the two
// agree.
(function () {
  "use strict";
  var root = document.getElementById("judge");
  if (!root || !window.fetch || !window.JSON) {
    return;
  }

  // Othello. Squares are 0 to 63, a1 to h8 row by row (a1 = 0, h1 = 7,
  // a2 = 8); a board is an array of "b", "w" and "" (empty).
  var DIRS = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]];
  function other(side) { return side === "b" ? "w" : "b"; }
  function start() {
    var board = [];
    for (var i = 0; i < 64; i++) { board.push(""); }
    board[27] = "w"; board[36] = "w"; // d4, e5
    board[28] = "b"; board[35] = "b"; // e4, d5
    return board;
  }
  // flips lists the discs side's disc on sq would turn over.
  function flips(board, sq, side) {
    if (board[sq] !== "") { return []; }
    var out = [], col = sq % 8, row = (sq - col) / 8;
    DIRS.forEach(function (d) {
      var line = [], c = col + d[0], r = row + d[1];
      while (c >= 0 && c < 8 && r >= 0 && r < 8 && board[r * 8 + c] === other(side)) {
        line.push(r * 8 + c);
        c += d[0]; r += d[1];
      }
      if (line.length && c >= 0 && c < 8 && r >= 0 && r < 8 && board[r * 8 + c] === side) {
        out = out.concat(line);
      }
    });
    return out;
  }
  function legalMoves(board, side) {
    var list = [];
    for (var sq = 0; sq < 64; sq++) {
      if (flips(board, sq, side).length) { list.push(sq); }
    }
    return list;
  }
  // replay plays moves from the start, passing when, and only when, the
  // side to move cannot move but the other can. It returns the board, the
  // side to move ("" at the end), the plies after which a side passed, and
  // the ply of the first illegal move (0 when none).
  function replay(moves) {
    var board = start(), turn = "b", passes = [];
    for (var i = 0; i < moves.length; i++) {
      var f = flips(board, moves[i], turn);
      if (!f.length) { return { board: board, turn: turn, passes: passes, illegal: i + 1 }; }
      board[moves[i]] = turn;
      f.forEach(function (sq) { board[sq] = turn; });
      turn = other(turn);
      if (!legalMoves(board, turn).length && legalMoves(board, other(turn)).length) {
        passes.push(i + 1);
        turn = other(turn);
      }
    }
    if (!legalMoves(board, turn).length) { turn = ""; }
    return { board: board, turn: turn, passes: passes, illegal: 0 };
  }
  function count(board, side) {
    return board.filter(function (d) { return d === side; }).length;
  }
  function squareName(sq) { return "abcdefgh".charAt(sq % 8) + String((sq - sq % 8) / 8 + 1); }
  function parse(text) {
    var list = [];
    for (var i = 0; i + 1 < text.length; i += 2) {
      list.push("abcdefgh".indexOf(text.charAt(i)) + 8 * (Number(text.charAt(i + 1)) - 1));
    }
    return list;
  }
  function format(moves) { return moves.map(squareName).join(""); }
  var names = { b: "Black", w: "White" };

  // The game, as the page holds it: the latest edit (seq, moves), the
  // latest the server acknowledged, and a result waiting to be sent.
  var api = root.dataset.api, csrf = root.dataset.csrf, key = root.dataset.key;
  var st = {
    seq: Number(root.dataset.seq), moves: parse(root.dataset.moves), acked: Number(root.dataset.seq),
    state: root.dataset.state || "playing", note: root.dataset.note || "", submit: null
  };
  var net = { busy: false, offline: false, refused: "", delay: 1000, timer: null };
  var message = "";
  try {
    var kept = JSON.parse(window.localStorage.getItem(key) || "null");
    if (kept && kept.seq > st.seq && st.state === "playing") {
      // Edits made here that the server never got: they are sent now.
      st.seq = kept.seq;
      st.moves = parse(kept.moves);
      st.submit = kept.submit || null;
    }
  } catch (e) { /* no localStorage: the page still works while open */ }
  function keep() {
    try {
      window.localStorage.setItem(key, JSON.stringify({ seq: st.seq, moves: format(st.moves), submit: st.submit }));
    } catch (e) { /* full or forbidden: the page still holds the moves */ }
  }
  function open() { return st.state === "playing"; }

  var squares = root.querySelectorAll(".jboard .sq");
  function text(id, value) {
    var el = document.getElementById(id);
    if (el) { el.textContent = value; }
    return el;
  }

  // render shows the game as the page holds it.
  function render() {
    var g = replay(st.moves);
    var legal = {};
    if (open() && g.turn) {
      legalMoves(g.board, g.turn).forEach(function (sq) { legal[sq] = true; });
    }
    var last = st.moves.length ? st.moves[st.moves.length - 1] : -1;
    var moves = format(st.moves);
    for (var sq = 0; sq < 64; sq++) {
      var b = squares[sq], disc = g.board[sq] || "e";
      b.className = "sq " + disc + (sq === last ? " last" : legal[sq] ? " legal" : "");
      b.disabled = !legal[sq];
      b.value = legal[sq] ? moves + squareName(sq) : "";
    }
    root.querySelector(".jboard").setAttribute("data-turn", g.turn === "b" ? "black" : g.turn === "w" ? "white" : "");
    document.getElementById("player-black").classList.toggle("to-move", g.turn === "b");
    document.getElementById("player-white").classList.toggle("to-move", g.turn === "w");
    var black = count(g.board, "b"), white = count(g.board, "w");
    text("count-black", black);
    text("count-white", white);
    var status;
    if (!g.turn) {
      var empty = 64 - black - white;
      if (black === white) {
        status = "Game over: a draw, 32-32.";
      } else {
        var winner = black > white ? "b" : "w";
        var score = winner === "b" ? (black + empty) + "-" + white : black + "-" + (white + empty);
        status = "Game over: " + names[winner] + " wins " + score + (empty ? " (the empty squares go to the winner)." : ".");
      }
    } else if (g.passes.length && g.passes[g.passes.length - 1] === st.moves.length) {
      status = names[other(g.turn)] + " has no legal move and passes: " + names[g.turn] + " to move again.";
    } else {
      status = names[g.turn] + " to move.";
    }
    text("judge-status", status);
    var takeBack = document.getElementById("takeback");
    takeBack.disabled = !open() || !st.moves.length;
    takeBack.value = format(st.moves.slice(0, -1));
    var normal = document.getElementById("submit-normal");
    if (normal) { normal.disabled = !!g.turn || !!st.submit; }
    text("submit-hint", g.turn ? "When the game is over." : "The score is counted from the board.");
    var form = document.getElementById("result-form");
    if (form) { form.hidden = !open(); }
    var note = text("judge-note", message || st.note);
    if (note) { note.hidden = !(message || st.note); }
    text("judge-sync", syncWords());
    root.dataset.localSeq = String(st.seq);
    root.dataset.acked = String(st.acked);
    root.dataset.liveState = st.state;
    renderMoves(g);
  }

  function syncWords() {
    var n = st.moves.length, moves = n === 1 ? "1 move" : n + " moves";
    if (net.refused) { return net.refused; }
    if (st.submit) {
      return net.offline ? "Offline: the result is kept on this phone, and sent when the connection returns." : "Sending the result…";
    }
    if (st.acked >= st.seq) {
      // No move yet: before the first edit, and on a table whose earlier
      // game was withdrawn (its edits numbered on, its moves gone).
      return n ? "Saved: " + moves + "." : "No move recorded yet: tap the squares as the players play.";
    }
    var waiting = st.seq - st.acked;
    if (net.offline) {
      return "Offline: " + moves + " kept on this phone (" + waiting + (waiting === 1 ? " change" : " changes") + " to send when the connection returns).";
    }
    return "Sending…";
  }

  function renderMoves(g) {
    var list = document.getElementById("judge-moves");
    if (!list) { return; }
    var passed = {};
    g.passes.forEach(function (p) { passed[p] = true; });
    var turn = "b";
    list.textContent = "";
    st.moves.forEach(function (sq, i) {
      var li = document.createElement("li");
      var mv = document.createElement("span");
      mv.className = "mv " + (turn === "b" ? "black" : "white");
      var n = document.createElement("span");
      n.className = "n";
      n.textContent = String(i + 1);
      mv.appendChild(n);
      mv.appendChild(document.createTextNode(" " + squareName(sq)));
      li.appendChild(mv);
      turn = other(turn);
      if (passed[i + 1]) {
        var pass = document.createElement("span");
        pass.className = "pass";
        pass.textContent = (turn === "b" ? "black" : "white") + " passes";
        li.appendChild(document.createTextNode(" "));
        li.appendChild(pass);
        turn = other(turn);
      }
      list.appendChild(li);
    });
  }

  // edit makes the game moves, as a new numbered edit, and sends it.
  function edit(moves) {
    st.seq++;
    st.moves = moves;
    message = "";
    keep();
    render();
    send();
  }

  // post sends body to the route path, and reads the answer.
  // Every edit says which game the board shows (its players): the server
  // refuses it when another game is at the table now (withdrawn, or the
  // round paired again), and the page reloads to show that game.
  var players = { black: Number(root.dataset.black) || 0, white: Number(root.dataset.white) || 0 };
  function post(path, body) {
    body.black = players.black; body.white = players.white;
    return fetch(api + path, {
      method: "POST", credentials: "same-origin", cache: "no-store",
      headers: { "Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": csrf },
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (b) { return { status: r.status, body: b }; });
    });
  }

  // adopt takes the game as the server keeps it.
  function adopt(b, why) {
    if (b.black && b.white && (b.black !== players.black || b.white !== players.white)) {
      // Another game is at the table now (the one shown was withdrawn, or
      // its round paired again): nothing more is sent from this page.
      net.refused = why || "Another game is played at this table now: reload the board.";
      render();
      return;
    }
    st.seq = b.seq; st.acked = b.seq; st.moves = parse(b.moves || "");
    st.state = b.state || "playing"; st.note = b.note || "";
    if (b.result) { st.note = "Result entered: " + b.result + "." + (st.note ? " " + st.note : ""); }
    message = why || "";
    keep();
  }

  // retry sends again later: the server could not be reached.
  function retry() {
    net.offline = true;
    render();
    if (net.timer) { return; }
    net.timer = setTimeout(function () { net.timer = null; send(); }, net.delay);
    net.delay = Math.min(net.delay * 2, 15000);
  }
  function reached() {
    net.offline = false;
    net.delay = 1000;
  }

  // fetchState takes the game as the server keeps it, after a refusal.
  function fetchState(why) {
    fetch(api, { credentials: "same-origin", cache: "no-store", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (b) {
        if (b) { adopt(b, why); }
        render();
      })
      .catch(function () { message = why; render(); });
  }

  // answered handles an answer the server gave (not a lost connection).
  function answered(res, after) {
    var b = res.body || {};
    if (res.status === 401 || res.status === 403) {
      net.refused = (b.error || "The server refused this page's credential.") + " The moves stay on this phone: reload the page once you have a valid link.";
      render();
      return;
    }
    if (res.status >= 500) {
      retry();
      return;
    }
    reached();
    after(b);
  }

  // send sends the latest edit, or the result waiting, if the server
  // does not have it yet; one request at a time.
  function send() {
    if (net.busy || net.refused) { return; }
    if (st.submit) {
      sendResult();
      return;
    }
    if (st.acked >= st.seq || !open()) {
      render();
      return;
    }
    net.busy = true;
    var seq = st.seq, moves = format(st.moves);
    post("/moves", { seq: seq, moves: moves }).then(function (res) {
      net.busy = false;
      answered(res, function (b) {
        if (res.status === 200) {
          if (b.seq > st.seq || (b.seq === st.seq && b.moves !== format(st.moves))) {
            adopt(b, "This game was changed from another device: the board shows the moves the server keeps.");
          } else if (b.recorded !== "stale") {
            st.acked = Math.max(st.acked, seq);
            keep();
          }
        } else {
          fetchState(b.error || "The server refused the moves.");
          return;
        }
        render();
        send();
      });
    }, function () {
      net.busy = false;
      retry();
    });
  }

  function sendResult() {
    net.busy = true;
    var body = { seq: st.seq, moves: format(st.moves) };
    for (var k in st.submit) { body[k] = st.submit[k]; }
    post("/result", body).then(function (res) {
      net.busy = false;
      answered(res, function (b) {
        st.submit = null;
        if (res.status === 200 || res.status === 201) {
          adopt(b, "");
        } else {
          keep();
          fetchState(b.error || "The server refused the result.");
          return;
        }
        render();
      });
    }, function () {
      net.busy = false;
      retry();
    });
  }

  root.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button");
    if (!b || !root.contains(b)) { return; }
    if (b.classList.contains("sq")) {
      e.preventDefault();
      if (b.disabled || !open()) { return; }
      edit(st.moves.concat([Number(b.dataset.sq)]));
    } else if (b.id === "takeback") {
      e.preventDefault();
      if (st.moves.length && open()) { edit(st.moves.slice(0, -1)); }
    }
  });

  var form = document.getElementById("result-form");
  if (form) {
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var outcome = e.submitter && e.submitter.value ? e.submitter.value : "normal";
      var sub = { outcome: outcome };
      if (outcome === "time-default") {
        sub.defaulter = form.elements.defaulter.value;
        sub.defaulter_flags = Number(form.elements.defaulter_flags.value);
        sub.opponent_flags = Number(form.elements.opponent_flags.value);
      } else if (outcome === "forfeit") {
        sub.loser = form.elements.loser.value;
        sub.reason = form.elements.reason.value;
      }
      st.submit = sub;
      message = "";
      keep();
      render();
      send();
    });
  }

  window.addEventListener("online", function () {
    if (net.timer) { clearTimeout(net.timer); net.timer = null; }
    net.delay = 1000;
    send();
  });
  window.addEventListener("offline", function () { net.offline = true; render(); });

  // A result waiting for the director (or flagged beside his) is decided
  // on another device: the board asks every few seconds while it waits,
  // and shows the decision without a reload.
  var lastAsked = Date.now();
  setInterval(function () {
    var every = Math.max(1, +(root.dataset.waitEvery || 10)) * 1000;
    if ((st.state === "pending" || st.state === "flagged") && !net.busy && !st.submit && !document.hidden && Date.now() - lastAsked >= every) {
      lastAsked = Date.now();
      fetchState("");
    }
  }, 1000);

  // For the tests: the rules the page plays by.
  root.othello = { replay: replay, legalMoves: legalMoves, parse: parse, format: format };

  render();
  send();
})();
