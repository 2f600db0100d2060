// Find a player: a search box over a list (the pairings, the players).
// Each element marked data-find is shown when its text holds every word
// typed, case and accents ignored; a number alone finds the element whose
// data-find is that number (a table, a player's id). The box is hidden
// without JavaScript, and keeps its text and focus across the page's live
// updates.
(function () {
  "use strict";
  var query = "", focused = false;
  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function apply() {
    var q = query.trim();
    var number = /^\d+$/.test(q);
    var words = fold(q).split(/\s+/).filter(Boolean);
    document.querySelectorAll("[data-find]").forEach(function (el) {
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
  function setup() {
    var input = document.getElementById("find");
    if (!input) { return; }
    input.parentElement.hidden = false;
    input.value = query;
    input.addEventListener("input", function () {
      query = input.value;
      focused = true; // typing: the box has the focus
      apply();
    });
    input.addEventListener("focus", function () { focused = true; });
    input.addEventListener("blur", function () {
      if (input.isConnected) { focused = false; }
    });
    if (focused) {
      input.focus();
      input.setSelectionRange(query.length, query.length);
    }
    apply();
  }
  setup();
  document.addEventListener("outflank:updated", setup);
})();
