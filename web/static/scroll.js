// A table wider than the screen scrolls inside its own box (.scroll), and
// the hint named by the box's aria-describedby says so. The hint is shown
// without JavaScript; with it, it is shown only while the table is wider
// than its box, and the box is marked data-more while columns are hidden
// to its right (a shadow on its right edge). Live updates replace the
// page's <main>: each is set up again.
(function () {
  "use strict";
  function update(box) {
    var hint = document.getElementById(box.getAttribute("aria-describedby"));
    var wider = box.scrollWidth > box.clientWidth + 1;
    if (hint) { hint.hidden = !wider; }
    if (wider && box.scrollLeft + box.clientWidth < box.scrollWidth - 1) {
      box.dataset.more = "right";
    } else {
      delete box.dataset.more;
    }
  }
  function setup() {
    document.querySelectorAll(".scroll[aria-describedby]").forEach(function (box) {
      update(box);
      if (!box.dataset.scrollHint) {
        box.dataset.scrollHint = "1";
        box.addEventListener("scroll", function () { update(box); }, { passive: true });
      }
    });
  }
  setup();
  window.addEventListener("resize", setup);
  document.addEventListener("outflank:updated", setup);
})();
