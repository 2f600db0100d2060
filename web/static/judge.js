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
//
// With a keyboard, the board is a grid with one tab stop: the arrow keys
// move between its squares, Enter or Space plays the square, and the focus
// stays on the square just played; a polite live region says each move
// and who is to move (docs/judges.md, "With a keyboard or a screen
// reader").
(function () {
  "use strict";

  // WORDS are every sentence the judge reads from this script, in one
  // place, for a translation. {name} is filled in by fill(); a pair is
  // the words for one and for more than one (count()).
  var WORDS = {
    side: { b: "Black", w: "White" },
    sideLower: { b: "black", w: "white" },
    board: "Board",
    boardHelp: "Arrow keys: move between the squares. Enter or Space: play the square.",
    square: { e: "{square}, empty", b: "{square}, black disc", w: "{square}, white disc" },
    lastMove: "{square}, last move",
    legalFor: "{square}, legal move for {side}",
    toMove: "{side} to move.",
    toMoveCount: "{side} to move, {legal}.",
    passes: "{side} has no legal move and passes: {next} to move again.",
    passesCount: "{side} has no legal move and passes: {next} to move again, {legal}.",
    passed: "{side} passes",
    draw: "Game over: a draw, 32-32.",
    wins: "Game over: {side} wins {score}.",
    winsEmpty: "Game over: {side} wins {score} (the empty squares go to the winner).",
    played: "{side} played {square}.",
    takenBack: "Move {n}, {square}, taken back.",
    notLegal: "{square}: not a legal move for {side}.",
    closed: "The board takes no more moves.",
    hintPlaying: "When the game is over.",
    hintOver: "The score is counted from the board.",
    moves: ["1 move", "{n} moves"],
    changes: ["1 change", "{n} changes"],
    legalMoves: ["1 legal move", "{n} legal moves"],
    noMove: "No move recorded yet: tap the squares as the players play.",
    saved: "Saved: {moves}.",
    sending: "Sending…",
    sendingResult: "Sending the result…",
    offline: "Offline: {moves} kept on this phone ({changes} to send when the connection returns).",
    offlineResult: "Offline: the result is kept on this phone, and sent when the connection returns.",
    resultEntered: "Result entered: {result}.",
    otherGame: "Another game is played at this table now: reload the board.",
    otherDevice: "This game was changed from another device: the board shows the moves the server keeps.",
    refusedCredential: "The server refused this page's credential.",
    keptOnPhone: "{why} The moves stay on this phone: reload the page once you have a valid link.",
    refusedMoves: "The server refused the moves.",
    refusedResult: "The server refused the result."
  };
  // fill puts values into a sentence of WORDS.
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) { return name in values ? String(values[name]) : all; });
  }
  // count says n of a pair of WORDS.
  function count(pair, n) { return fill(n === 1 ? pair[0] : pair[1], { n: n }); }

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
  function discs(board, side) {
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
  var names = WORDS.side;

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

  var board = root.querySelector(".jboard");
  var squares = root.querySelectorAll(".jboard .sq");
  function text(id, value) {
    var el = document.getElementById(id);
    if (el) { el.textContent = value; }
    return el;
  }

  // The board as a grid, for the keyboard: one square is the tab stop
  // (cursor), the arrow keys move it. The squares are never disabled, as
  // they are without the script, so that the square just played keeps
  // the focus; a square that is not a legal move says so when played.
  var cursor = -1;
  board.setAttribute("role", "grid");
  board.setAttribute("aria-label", WORDS.board);
  var help = document.getElementById("jboard-help");
  if (help) {
    help.textContent = WORDS.boardHelp;
    help.hidden = false;
    board.setAttribute("aria-describedby", help.id);
  }
  Array.prototype.forEach.call(root.querySelectorAll(".jboard .jrow"), function (row) { row.setAttribute("role", "row"); });
  Array.prototype.forEach.call(root.querySelectorAll(".jboard .jcell"), function (cell) { cell.setAttribute("role", "gridcell"); });

  // squareLabel names square sq of game g by what is on it.
  function squareLabel(g, sq, legal, last) {
    var v = { square: squareName(sq) };
    var label = fill(WORDS.square[g.board[sq] || "e"], v);
    if (sq === last) {
      return fill(WORDS.lastMove, { square: label });
    }
    if (legal) {
      return fill(WORDS.legalFor, { square: label, side: WORDS.sideLower[g.turn] });
    }
    return label;
  }

  // The polite live region: what the judge did and what it changed, said
  // once the script has finished with it (several sentences at once are
  // said together, none lost to the next).
  var live = document.getElementById("judge-announce");
  var said = [], saying = null, heard = { refused: "", message: "", offline: false };
  function announce(words) {
    if (!live || !words) { return; }
    said.push(words);
    if (saying) { return; }
    saying = setTimeout(function () {
      var all = said.join(" ");
      said = []; saying = null;
      // The same words again (two refusals in a row) must still be said.
      live.textContent = live.textContent === all ? all + "\u00a0" : all;
    }, 0);
  }

  // gameWords says where game g stands after the moves: the end, a pass,
  // or who is to move; counted, with the number of legal moves.
  function gameWords(g, counted) {
    var black = discs(g.board, "b"), white = discs(g.board, "w");
    if (!g.turn) {
      var empty = 64 - black - white;
      if (black === white) {
        return WORDS.draw;
      }
      var winner = black > white ? "b" : "w";
      var score = winner === "b" ? (black + empty) + "-" + white : black + "-" + (white + empty);
      return fill(empty ? WORDS.winsEmpty : WORDS.wins, { side: names[winner], score: score });
    }
    var legal = count(WORDS.legalMoves, legalMoves(g.board, g.turn).length);
    if (g.passes.length && g.passes[g.passes.length - 1] === st.moves.length) {
      return fill(counted ? WORDS.passesCount : WORDS.passes, { side: names[other(g.turn)], next: names[g.turn], legal: legal });
    }
    return fill(counted ? WORDS.toMoveCount : WORDS.toMove, { side: names[g.turn], legal: legal });
  }

  // settle keeps the focus on the page when the element that had it is
  // disabled or hidden by a render (Take back after the last move taken
  // back, the result form once the result is sent): it goes to the
  // board's cursor square, never to the page's body.
  function settle(had) {
    if (!had || had === document.body || !root.contains(had)) { return; }
    var gone = had.disabled || !had.isConnected || had.getClientRects().length === 0;
    if (gone || document.activeElement !== had) {
      squares[cursor].focus();
    }
  }

  // render shows the game as the page holds it.
  function render() {
    var had = document.activeElement;
    var g = replay(st.moves);
    var legal = {};
    if (open() && g.turn) {
      legalMoves(g.board, g.turn).forEach(function (sq) { legal[sq] = true; });
    }
    var last = st.moves.length ? st.moves[st.moves.length - 1] : -1;
    if (cursor < 0) {
      // The first tab stop: the last move, else the first legal square.
      var first = legalMoves(g.board, g.turn || "b");
      cursor = last >= 0 ? last : first.length ? first[0] : 27;
    }
    var moves = format(st.moves);
    for (var sq = 0; sq < 64; sq++) {
      var b = squares[sq], disc = g.board[sq] || "e";
      b.className = "sq " + disc + (sq === last ? " last" : legal[sq] ? " legal" : "");
      b.disabled = false;
      b.tabIndex = sq === cursor ? 0 : -1;
      b.value = legal[sq] ? moves + squareName(sq) : "";
      b.setAttribute("aria-label", squareLabel(g, sq, legal[sq], last));
    }
    board.setAttribute("data-turn", g.turn === "b" ? "black" : g.turn === "w" ? "white" : "");
    document.getElementById("player-black").classList.toggle("to-move", g.turn === "b");
    document.getElementById("player-white").classList.toggle("to-move", g.turn === "w");
    text("count-black", discs(g.board, "b"));
    text("count-white", discs(g.board, "w"));
    text("judge-status", gameWords(g, false));
    var takeBack = document.getElementById("takeback");
    takeBack.disabled = !open() || !st.moves.length;
    takeBack.value = format(st.moves.slice(0, -1));
    var normal = document.getElementById("submit-normal");
    if (normal) { normal.disabled = !!g.turn || !!st.submit; }
    text("submit-hint", g.turn ? WORDS.hintPlaying : WORDS.hintOver);
    var form = document.getElementById("result-form");
    if (form) { form.hidden = !open(); }
    var note = text("judge-note", message || st.note);
    if (note) { note.hidden = !(message || st.note); }
    text("judge-sync", syncWords());
    // A refusal, a change from elsewhere, the connection lost and every
    // change saved again once it returns: said once each.
    if (net.refused !== heard.refused) { announce(net.refused); }
    if (message !== heard.message) { announce(message); }
    if (net.offline && !heard.offline) {
      announce(syncWords());
      heard.offline = true;
    } else if (heard.offline && !net.offline && st.acked >= st.seq && !st.submit) {
      announce(syncWords());
      heard.offline = false;
    }
    heard.refused = net.refused;
    heard.message = message;
    root.dataset.localSeq = String(st.seq);
    root.dataset.acked = String(st.acked);
    root.dataset.liveState = st.state;
    renderMoves(g);
    settle(had);
  }

  function syncWords() {
    var n = st.moves.length, moves = count(WORDS.moves, n);
    if (net.refused) { return net.refused; }
    if (st.submit) {
      return net.offline ? WORDS.offlineResult : WORDS.sendingResult;
    }
    if (st.acked >= st.seq) {
      // No move yet: before the first edit, and on a table whose earlier
      // game was withdrawn (its edits numbered on, its moves gone).
      return n ? fill(WORDS.saved, { moves: moves }) : WORDS.noMove;
    }
    if (net.offline) {
      return fill(WORDS.offline, { moves: moves, changes: count(WORDS.changes, st.seq - st.acked) });
    }
    return WORDS.sending;
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
        pass.textContent = fill(WORDS.passed, { side: WORDS.sideLower[turn] });
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
      net.refused = why || WORDS.otherGame;
      render();
      return;
    }
    st.seq = b.seq; st.acked = b.seq; st.moves = parse(b.moves || "");
    st.state = b.state || "playing"; st.note = b.note || "";
    if (b.result) { st.note = fill(WORDS.resultEntered, { result: b.result }) + (st.note ? " " + st.note : ""); }
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
      net.refused = fill(WORDS.keptOnPhone, { why: b.error || WORDS.refusedCredential });
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
            adopt(b, WORDS.otherDevice);
          } else if (b.recorded !== "stale") {
            st.acked = Math.max(st.acked, seq);
            keep();
          }
        } else {
          fetchState(b.error || WORDS.refusedMoves);
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
          fetchState(b.error || WORDS.refusedResult);
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
      play(Number(b.dataset.sq));
    } else if (b.id === "takeback") {
      e.preventDefault();
      if (st.moves.length && open()) {
        var sq = st.moves[st.moves.length - 1];
        cursor = sq;
        edit(st.moves.slice(0, -1));
        announce(fill(WORDS.takenBack, { n: st.moves.length + 1, square: squareName(sq) }) + " " + gameWords(replay(st.moves), true));
      }
    }
  });

  // play plays square sq for the side to move, if it may, and says what
  // happened: the move and who is to move now, or why not.
  function play(sq) {
    cursor = sq;
    var g = replay(st.moves);
    if (!open()) {
      render();
      announce(WORDS.closed);
      return;
    }
    if (!g.turn) {
      render();
      announce(gameWords(g, true));
      return;
    }
    if (legalMoves(g.board, g.turn).indexOf(sq) < 0) {
      render();
      announce(fill(WORDS.notLegal, { square: squareLabel(g, sq, false, -1), side: WORDS.sideLower[g.turn] }));
      return;
    }
    edit(st.moves.concat([sq]));
    announce(fill(WORDS.played, { side: names[g.turn], square: squareName(sq) }) + " " + gameWords(replay(st.moves), true));
  }

  // The arrow keys move the focus between the squares (Home and End to
  // the row's ends, with Ctrl to the board's corners; Page Up and Page
  // Down to the column's ends); the focus follows a tap too.
  board.addEventListener("keydown", function (e) {
    var b = e.target.closest && e.target.closest(".sq");
    if (!b || e.altKey || e.metaKey) { return; }
    var sq = Number(b.dataset.sq), col = sq % 8, row = (sq - col) / 8, to;
    switch (e.key) {
    case "ArrowLeft": to = col > 0 ? sq - 1 : sq; break;
    case "ArrowRight": to = col < 7 ? sq + 1 : sq; break;
    case "ArrowUp": to = row > 0 ? sq - 8 : sq; break;
    case "ArrowDown": to = row < 7 ? sq + 8 : sq; break;
    case "Home": to = e.ctrlKey ? 0 : row * 8; break;
    case "End": to = e.ctrlKey ? 63 : row * 8 + 7; break;
    case "PageUp": to = col; break;
    case "PageDown": to = 56 + col; break;
    default: return;
    }
    e.preventDefault();
    moveCursor(to);
    squares[to].focus();
  });
  board.addEventListener("focusin", function (e) {
    var b = e.target.closest && e.target.closest(".sq");
    if (b) { moveCursor(Number(b.dataset.sq)); }
  });
  function moveCursor(sq) {
    if (sq === cursor) { return; }
    if (cursor >= 0) { squares[cursor].tabIndex = -1; }
    cursor = sq;
    squares[sq].tabIndex = 0;
  }

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
