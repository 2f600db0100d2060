// Find a player: a search box over a list (the pairings, the players).
// Each element marked data-find is shown when its text holds every word
// typed, case and accents ignored; a number alone finds the element whose
// data-find is that number (a table, a player's id). The box is hidden
// without JavaScript.
//
// The page's live updates (live.js) merge the new content into the page
// in place, so the box stays the same element, with its focus, text and
// caret: before the merge this script gives the new content the box shown
// and the rows hidden as they are now ("outflank:updating"), so that the
// merge changes neither. Should the box be replaced all the same, its text
// is put back, and the focus, where the box had it, with its caret.
(function () {
  "use strict";
  var query = "";
  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  // apply shows and hides the elements of root (the page, or a new
  // version of its content) as the query says.
  function apply(root) {
    var q = query.trim();
    var number = /^\d+$/.test(q);
    var words = fold(q).split(/\s+/).filter(Boolean);
    root.querySelectorAll("[data-find]").forEach(function (el) {
      var show = true;
      if (number) {
        show = el.dataset.find === q;
      } else if (words.length) {
        var text = fold(el.textContent);
        show = words.every(function (w) { return text.indexOf(w) >= 0; });
      }
      el.hidden = !show;
    });
  }
  var box = null; // the input set up
  var focused = false; // whether it has the focus
  function setup() {
    var input = document.getElementById("find");
    if (!input) { return; }
    input.parentElement.hidden = false;
    if (input !== box) {
      // A new box (first load, or replaced): it gets the text, and the
      // focus if the one it replaces had it.
      var had = box !== null && !box.isConnected && focused;
      box = input;
      input.value = query;
      input.addEventListener("input", function () {
        query = input.value;
        apply(document);
      });
      // Whether the box had the focus, read when it is replaced: Chromium
      // sends blur while a box being removed is still connected.
      input.addEventListener("focus", function () { focused = true; });
      input.addEventListener("blur", function () {
        setTimeout(function () { if (input.isConnected && input === box) { focused = false; } }, 0);
      });
      if (had) {
        input.focus();
        input.setSelectionRange(query.length, query.length);
      }
    }
    apply(document);
  }
  setup();
  document.addEventListener("outflank:updating", function (e) {
    var fragment = e.detail && e.detail.fragment;
    var input = fragment && fragment.querySelector("#find");
    if (!input) { return; }
    input.parentElement.hidden = false;
    apply(fragment);
  });
  document.addEventListener("outflank:updated", setup);
})();
