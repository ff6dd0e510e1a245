/* Lístek: loads what a page does not need for its first paint once it has been painted.
   The scripts are named, space-separated, in this tag's data-later (templates/_base.html):
   the offline script (static/js/offline.js) comes after the sheet is on the screen. */
(function () {
  "use strict";
  var me = document.currentScript;
  var urls = me && me.dataset.later ? me.dataset.later.split(" ") : [];

  function load() {
    urls.forEach(function (url) {
      var script = document.createElement("script");
      script.src = url;
      document.head.appendChild(script);
    });
  }

  if (document.readyState === "complete") {
    load();
  } else {
    window.addEventListener("load", load);
  }
})();
