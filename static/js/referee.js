/* The referee's pages: a Print button that only shows where a script can press it. */
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => { window.print(); });
  });
})();
