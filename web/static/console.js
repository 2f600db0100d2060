// The console's scripts: result entry at the keyboard's pace, the player
// database searched as the director types, and the pages kept live. Every
// page works without them (plain forms and redirects); they only make it
// faster. No inline script: the site's Content-Security-Policy forbids it.
(function () {
  "use strict";

  function $(sel, root) { return (root || document).querySelector(sel); }
  function $all(sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); }

  // message shows what happened in the page's message area.
  function message(text, kind) {
    var box = $("#messages");
    if (!box) { return; }
    box.textContent = "";
    if (!text) { return; }
    var p = document.createElement("p");
    p.className = kind || "flash";
    p.setAttribute("role", kind === "error" ? "alert" : "status");
    p.textContent = text;
    box.appendChild(p);
  }

  // applyParts puts the server's rendered parts of the page in place.
  // A part redrawn while one of its controls has the focus (the latest
  // change's undo, reached with Ctrl+Z as the result's save comes back)
  // gives the focus to the same control redrawn: it is never lost.
  function applyParts(parts, skip) {
    var active = document.activeElement, id = active && active.id;
    Object.keys(parts || {}).forEach(function (name) {
      if (skip && skip.indexOf(name) >= 0) { return; }
      $all('[data-part="' + name + '"]').forEach(function (el) { el.innerHTML = parts[name]; });
    });
    if (id && active !== document.activeElement && !document.body.contains(active)) {
      var again = document.getElementById(id);
      if (again) { again.focus(); }
    }
  }

  // A keydown the page handled (Enter that moves on, chooses a
  // suggestion) must not also submit a form by its keypress: browsers
  // drop that keypress, but not every way of sending keys does.
  var handledEnter = false;
  document.addEventListener("keydown", function (e) {
    if (e.key === "Enter") { handledEnter = e.defaultPrevented; }
  });
  document.addEventListener("keypress", function (e) {
    if (e.key === "Enter" && handledEnter) { e.preventDefault(); }
    handledEnter = false;
  }, true);

  // ---- Result entry ----------------------------------------------------
  function setupResults() {
    var form = $("#entry");
    if (!form) { return null; }
    var table = $("#entry-table"), score = $("#entry-score"), kind = $("#entry-kind"),
      reason = $("#entry-reason"), expect = $("#entry-expect"), shown = $("#entry-shown"), game = $("#entry-game");
    var pending = {};      // tables whose result is on its way
    var queue = Promise.resolve();

    // The list shows a page of the round's tables (a hundred); the form
    // takes any table of the round: what the script knows of each (its
    // result, who plays there, whether it is missing) is in
    // #results-tables, read again when the server sends it anew.
    var known = null, tables = {}, order = [];
    function data() {
      var el = $("#results-tables");
      if (el === known) { return; }
      known = el; tables = {}; order = [];
      try { order = el ? JSON.parse(el.textContent) || [] : []; } catch (e) { order = []; }
      order.forEach(function (d) { tables[d.t] = d; });
    }
    function info(n) { data(); return /^\d+$/.test(n) ? tables[+n] || null : null; }
    function row(n) { return $('#rows tr[data-table="' + n + '"]'); }

    // target marks the row of the table typed and says who plays there.
    // When the table changes, it records what the page shows of it: a
    // replacement expects that, so a result another device saves after
    // the director looked is never overwritten unseen.
    var aimed = null;
    function target() {
      $all("#rows tr.target").forEach(function (tr) { tr.classList.remove("target"); });
      var n = table.value.trim(), d = info(n), tr = d && row(d.t);
      if (n !== aimed) {
        aimed = n;
        expect.value = d ? (d.s || "none") : "";
      }
      if (!d) {
        game.textContent = n ? "No table " + n + " in this round." : "";
        return;
      }
      if (tr) { tr.classList.add("target"); }
      var has = d.s || "", seen = expect.value === "none" ? "" : expect.value;
      game.textContent = "Table " + d.t + ": " + d.n +
        (has !== seen ? " (changed to " + (has || "no result") + " meanwhile: Enter asks before replacing)" : has ? " (has " + has + ": Enter replaces it)" : "");
    }

    // nextAfter is the first table after n without a result (nor one on
    // its way), else the first such table, else "".
    function nextAfter(n) {
      data();
      var left = order.filter(function (d) { return d.m && !pending[d.t]; });
      for (var i = 0; i < left.length; i++) {
        if (left[i].t > n) { return String(left[i].t); }
      }
      return left.length ? String(left[0].t) : "";
    }

    function ready(next) {
      table.value = next;
      aimed = null;
      score.value = "";
      kind.value = "";
      reason.value = "";
      target();
      score.focus();
    }

    function send(body, tableNo, typed) {
      return fetch(form.action, {
        method: "POST",
        headers: { "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: body,
        credentials: "same-origin"
      }).then(function (res) {
        return res.json().catch(function () { return { ok: false, message: "The server answered " + res.status + "." }; });
      }).then(function (a) {
        delete pending[tableNo];
        applyParts(a.parts);
        if (a.shown !== undefined) { shown.value = a.shown; }
        var tr = row(tableNo);
        if (a.ok) {
          message(a.message + (a.note ? " " + a.note : ""));
          if (tr) { tr.classList.add("saved"); }
        } else if (a.conflict) {
          // Another director's result: the focus goes to keeping it, so a
          // second Enter overwrites nobody.
          message("");
          var keep = $("#conflict-keep"), box = $("section.conflict");
          if (box && box.scrollIntoView) { box.scrollIntoView({ block: "nearest" }); }
          if (keep) { keep.focus({ preventScroll: true }); }
        } else {
          message("Table " + tableNo + " (" + typed + "): " + (a.message || "not saved") + " Nothing was saved.", "error");
        }
        target();
      }).catch(function () {
        delete pending[tableNo];
        message("Table " + tableNo + ": the server did not answer; nothing was saved. Type it again.", "error");
      });
    }

    // submit sends a result, and gets the next table ready at once: the
    // director goes on typing while it is saved (results are sent in
    // order, one at a time).
    function submit(f) {
      var data = new URLSearchParams(new FormData(f));
      var tableNo = data.get("table"), typed = data.get("score");
      if (f === form) {
        pending[tableNo] = true;
        var tr = row(tableNo);
        if (tr) { tr.classList.add("pending"); }
        ready(nextAfter(+tableNo));
      } else {
        $("#conflict").innerHTML = "";
        ready(table.value);
      }
      queue = queue.then(function () { return send(data, tableNo, typed); });
    }

    document.addEventListener("submit", function (e) {
      var f = e.target;
      if (!f.dataset || f.dataset.fetch !== "results" || !window.fetch) { return; }
      e.preventDefault();
      if (f === form && !table.value.trim()) { table.focus(); return; }
      if (f === form && !score.value.trim() && !kind.value) { score.focus(); return; } // nothing typed yet
      submit(f);
    });
    table.addEventListener("input", target);
    // Ctrl+Z where there is no text to undo goes to the undo of the latest
    // change; Enter opens it, and it says what it reverts and asks first.
    document.addEventListener("keydown", function (e) {
      var el = document.activeElement;
      if ((e.ctrlKey || e.metaKey) && (e.key === "z" || e.key === "Z") && (!el || !("value" in el) || el.value === "" || el.tagName === "BUTTON")) {
        var undo = $("#undo-latest");
        if (undo) { e.preventDefault(); undo.focus(); }
      }
    });
    table.addEventListener("keydown", function (e) {
      if (e.key === "Enter") { e.preventDefault(); target(); score.focus(); score.select(); }
    });
    score.addEventListener("keydown", function (e) {
      if (e.key === "Escape") { e.preventDefault(); table.focus(); table.select(); }
    });
    [kind, reason].forEach(function (el) {
      el.addEventListener("keydown", function (e) {
        if (e.key === "Enter") { e.preventDefault(); form.requestSubmit(); }
      });
    });
    document.addEventListener("click", function (e) {
      var keep = e.target.closest && e.target.closest("#conflict-keep");
      if (keep) { e.preventDefault(); $("#conflict").innerHTML = ""; score.focus(); }
    });
    target();
    // The score's autofocus gives it the cursor as the page is first
    // drawn; only where it did not (a browser that ignores autofocus) is
    // the score focused, after that drawing: focus() lays the page out,
    // and here it held the first paint up by a layout of the whole page.
    var focusScore = function () {
      if (document.activeElement !== table && document.activeElement !== score && !$("#conflict-keep")) { score.focus(); }
    };
    if (window.requestAnimationFrame) { requestAnimationFrame(function () { setTimeout(focusScore, 0); }); } else { focusScore(); }
    // The keys are handled from now on (the score field's autofocus comes
    // before this script runs): what tests wait for before typing.
    form.dataset.ready = "1";
    return function refresh(parts) { applyParts(parts, ["results-conflict"]); target(); };
  }

  // ---- The player database, searched as the director types ------------
  // The server ranks the players found (the full name, the surname, whole
  // words, starts, parts; then the rated). Enter registers the player
  // chosen with the arrows; without a choice, the one player who matches
  // best, and nobody when several match equally well (namesakes: the
  // director chooses, told so in the status line).
  function setupSearch() {
    var input = $("#wof-search"), list = $("#suggestions"), add = $("#add-wof"), status = $("#search-status"), note = $("#search-note");
    if (!input || !list || !add || !window.fetch) { return; }
    var found = [], doc = null, selected = -1, last = null, lastQuery = null, timer = null, choosing = false, said = "";

    // say tells the director what the list means: in the status line a
    // screen reader reads, and above the list.
    function say(text) {
      said = text;
      if (status && status.textContent !== text) { status.textContent = text; }
      showNote();
    }
    function showNote() {
      if (!note) { return; }
      note.textContent = said;
      note.hidden = !said || list.hidden;
    }
    function free(i) { return found[i] && !found[i].registered; }

    function render() {
      list.textContent = "";
      found.forEach(function (p, i) {
        var li = document.createElement("li");
        li.id = "suggestion-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", i === selected ? "true" : "false");
        var name = document.createElement("span");
        name.textContent = p.name;
        var meta = document.createElement("span");
        meta.className = "meta";
        meta.textContent = [p.country, p.rating === null ? "unrated" : p.rating, "WOF " + p.wof_id].join(" · ") + (p.registered ? " · registered (#" + p.registered + ")" : "");
        li.appendChild(name);
        li.appendChild(meta);
        if (p.registered) { li.classList.add("registered"); }
        if (p.equal) { li.classList.add("equal"); }
        li.addEventListener("mousedown", function (e) { e.preventDefault(); choose(i); });
        list.appendChild(li);
      });
      if (!found.length && input.value.trim()) {
        var none = document.createElement("li");
        none.className = "none";
        none.textContent = "Nobody in the database: register by hand below.";
        list.appendChild(none);
      }
      var open = input.value.trim() !== "";
      list.hidden = !open;
      input.setAttribute("aria-expanded", open ? "true" : "false");
      if (selected >= 0) { input.setAttribute("aria-activedescendant", "suggestion-" + selected); } else { input.removeAttribute("aria-activedescendant"); }
      showNote();
    }
    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      showNote();
    }

    // namesakes says that several players match equally well; while the
    // director types, only when all of them are listed (a few namesakes,
    // not the start of a name).
    function namesakes(typing) {
      if (!doc || doc.equal < 2 || typing && doc.equal > found.length) { return ""; }
      var q = "“" + doc.query.trim() + "”";
      if (doc.equal > found.length) {
        return doc.equal + " players match " + q + ": type more of the name, or choose one with ↓ and ↑, then press Enter.";
      }
      return doc.equal + " players match " + q + " equally well: choose one with ↓ and ↑, then press Enter.";
    }

    function search(q) {
      if (q === lastQuery && last) { return last; }
      lastQuery = q;
      last = fetch(input.dataset.search + "?q=" + encodeURIComponent(q), { headers: { "Accept": "application/json" }, credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : { players: [] }; })
        .then(function (d) {
          if (q === input.value.trim()) {
            doc = d;
            found = d.players || [];
            // Only a player who matches better than every other is
            // chosen for Enter; namesakes wait for the director.
            selected = d.unrivalled && free(0) ? 0 : -1;
            render();
            say(selected >= 0 ? "" : namesakes(true));
          }
          return d;
        });
      return last;
    }

    function choose(i) {
      var p = found[i];
      if (!p || p.registered) { choosing = false; return; }
      add.querySelector('input[name="wof_id"]').value = p.wof_id;
      add.submit();
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      var q = input.value.trim();
      if (!q) { found = []; doc = null; selected = -1; render(); say(""); return; }
      if (q !== lastQuery) { say(""); }
      timer = setTimeout(function () { search(q); }, 60);
    });
    input.addEventListener("keydown", function (e) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        var step = e.key === "ArrowDown" ? 1 : -1;
        for (var i = selected + step; i >= 0 && i < found.length; i += step) {
          if (free(i)) { selected = i; break; }
        }
        render();
      } else if (e.key === "Escape") {
        found = []; selected = -1; close();
      } else if (e.key === "Enter") {
        var q = input.value.trim();
        if (!q) { return; }
        e.preventDefault();
        clearTimeout(timer);
        choosing = true;
        search(q).then(function () {
          if (free(selected)) { choose(selected); return; }
          choosing = false;
          if (!found.length) { input.form.submit(); return; }
          render();
          if (doc && doc.unrivalled && found[0].registered) {
            say(found[0].name + " is registered already (#" + found[0].registered + ").");
          } else {
            say(namesakes(false) || "Choose a player with ↓ and ↑, then press Enter.");
          }
        });
      }
    });
    // While Enter registers the player chosen, the search form is not
    // sent as well.
    input.form.addEventListener("submit", function (e) { if (choosing) { e.preventDefault(); } });
    input.addEventListener("blur", function () { setTimeout(close, 150); });
    input.addEventListener("focus", function () { if (found.length) { render(); } });
    // The form by hand takes the name just searched, when the database
    // does not have the player.
    var hand = $("#by-hand"), handName = $("#hand-name");
    if (hand && handName) {
      hand.addEventListener("toggle", function () {
        var q = input.value.trim();
        if (hand.open && !handName.value && q && !/^\d+$/.test(q)) { handName.value = q; }
      });
    }
  }

  // ---- Choices of colour: what is published is what the page shows ----
  // A choice changed in the form is not yet in the proposal above it: the
  // colours shown and the Publish button wait for "Show the colours"
  // (the server refuses to publish choices it has not shown, too). The
  // page is not reloaded on each change: arrow keys move through a group.
  function setupChoices() {
    var form = $("#publish-form"), show = $("#show-colours"), publish = $("#publish");
    if (!form || !show) { return; }
    var said = $("#choices-status");
    form.addEventListener("change", function (e) {
      if (e.target.type !== "radio" || !/^c\d+$/.test(e.target.name)) { return; }
      $all("p.paired", form).forEach(function (p) { p.classList.add("stale"); });
      if (publish) { publish.disabled = true; }
      show.classList.add("primary");
      if (said) { said.textContent = "The choices changed: show their colours, then publish."; }
    });
  }

  // ---- Sticky parts: what Tab reaches stays in sight --------------------
  // stickyPadding keeps the page's scroll padding, top and bottom, as tall
  // as the parts that stick to the top of the screen (the result form, the
  // proposal's stale notice) and to its foot (the "Publish round" bar), so
  // that an element given the focus scrolls into sight clear of them, never
  // behind them (WCAG 2.2, 2.4.11 Focus Not Obscured). Their height
  // changes with the screen's width, as their fields wrap: it is measured,
  // not guessed. Without the script console.css's padding serves.
  var stickies = "form.entry, form.publish.sticky, p.stale", watched = [];
  var sizes = window.ResizeObserver ? new ResizeObserver(function () { stickyPadding(); }) : null;
  function stickyPadding() {
    var top = 0, bottom = 0;
    $all(stickies).forEach(function (el) {
      var s = getComputedStyle(el), h = el.getBoundingClientRect().height;
      if (s.position !== "sticky" || !h) { return; }
      if (s.top !== "auto") { top = Math.max(top, h + (parseFloat(s.top) || 0)); } else if (s.bottom !== "auto") { bottom = Math.max(bottom, h + (parseFloat(s.bottom) || 0)); }
      if (sizes && watched.indexOf(el) < 0) { watched.push(el); sizes.observe(el); }
    });
    // A few pixels more, so that the focus ring, drawn outside the
    // element, is in sight too.
    var root = document.documentElement.style;
    root.scrollPaddingTop = top ? Math.ceil(top + 8) + "px" : "";
    root.scrollPaddingBottom = bottom ? Math.ceil(bottom + 8) + "px" : "";
  }
  // watchStickies measures the sticky parts once the browser has laid the
  // page out (a ResizeObserver reports each element it starts observing
  // after the next layout), not at start-up, where measuring forced a
  // layout of the whole page before its first paint.
  function watchStickies() {
    if (!sizes) { stickyPadding(); return; }
    $all(stickies).forEach(function (el) {
      if (watched.indexOf(el) < 0) { watched.push(el); sizes.observe(el); }
    });
  }

  // ---- Live: the page follows its tournament ---------------------------
  function setupLive(refreshResults) {
    var box = $("[data-console-live]");
    if (!box || !box.dataset.consoleLive || !window.EventSource) { return; }
    var busy = false, again = false;
    function update() {
      if (busy) { again = true; return; }
      busy = true;
      var done = function () { busy = false; if (again) { again = false; update(); } };
      if (box.dataset.stale !== undefined) {
        // A proposal is computed from the event as it was: say so.
        if (!$("p.stale")) {
          var p = document.createElement("p");
          p.className = "stale";
          p.setAttribute("role", "alert");
          var a = document.createElement("a");
          a.href = location.href;
          a.textContent = "Reload the proposal";
          p.textContent = box.dataset.stale + " ";
          p.appendChild(a);
          box.insertBefore(p, box.firstChild);
          stickyPadding();
        }
        done();
        return;
      }
      if (box.dataset.refresh && refreshResults) {
        fetch(box.dataset.refresh, { headers: { "Accept": "application/json" }, credentials: "same-origin" })
          .then(function (r) { return r.json(); })
          .then(function (a) { refreshResults(a.parts); })
          .catch(function () {}).then(done);
        return;
      }
      // Elsewhere the page is fetched again and its live part put in
      // place, unless the director is typing in it.
      var active = document.activeElement;
      if (active && box.contains(active) && /INPUT|SELECT|TEXTAREA/.test(active.tagName)) { done(); return; }
      fetch(location.href, { credentials: "same-origin" })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          var fresh = doc.querySelector("[data-console-live]");
          if (fresh) { box.innerHTML = fresh.innerHTML; }
          var review = $("#console-review"), freshReview = doc.querySelector("#console-review");
          if (review && freshReview) { review.innerHTML = freshReview.innerHTML; review.title = freshReview.title; }
        })
        .catch(function () {}).then(done);
    }
    // Where the server records judges' games (the bar links to their
    // results), the page follows them too: a result submitted, confirmed
    // or returned changes what waits for a director; moves alone do not.
    var judged = !!$("#console-review"), states = {};
    var stream = new EventSource(box.dataset.consoleLive + (judged ? "&moves=all" : ""));
    stream.addEventListener("change", update);
    stream.addEventListener("move", function (e) {
      var g;
      try { g = JSON.parse(e.data); } catch (err) { return; }
      var key = g.round + "/" + g.table, state = g.state || "playing", before = states[key] || "playing";
      states[key] = state;
      if (state !== before) { update(); }
    });
    window.addEventListener("pagehide", function () { stream.close(); });
  }

  // ---- The create form's address ---------------------------------------
  // slugOf makes an address of a name as the server does when it is left
  // empty (outflank.SlugOf): lower case, accents dropped, every run of
  // other characters a hyphen, at most 63 characters cut between words.
  var slugLetters = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i" };
  function slugOf(name) {
    var s = name.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "");
    s = Array.from(s).map(function (c) { return slugLetters[c] || c; }).join("");
    s = s.replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
    if (s.length > 63) {
      var cut = s.slice(0, 63), i = cut.lastIndexOf("-");
      if (s.charAt(63) !== "-" && i > 0) { cut = cut.slice(0, i); }
      s = cut.replace(/-+$/, "");
    }
    return s;
  }

  // setupSlug fills the address from the name as it is typed, until the
  // director types an address of his own (clearing it hands it back).
  function setupSlug() {
    $all("input[data-slug-from]").forEach(function (slug) {
      var name = slug.form && slug.form.elements[slug.dataset.slugFrom];
      if (!name) { return; }
      var own = slug.value !== "" && slug.value !== slugOf(name.value);
      slug.addEventListener("input", function () { own = slug.value !== ""; });
      name.addEventListener("input", function () {
        if (!own) { slug.value = slugOf(name.value); }
      });
    });
  }

  setupSlug();
  var refreshResults = setupResults();
  setupSearch();
  setupChoices();
  setupLive(refreshResults);
  watchStickies();
  window.addEventListener("resize", stickyPadding);
})();
