/* Lístek: loads what a page does not need for its first paint once it has been painted.
   The scripts are named, space-separated, in this tag's data-later (templates/_base.html):
   htmx and the offline script (static/js/offline.js) come after the sheet is on the screen,
   in the order given (every page works without them until then); a choice made before htmx
   arrived is sent when it does. */
(function () {
  "use strict";
  const me = document.currentScript;
  const urls = me && me.dataset.later ? me.dataset.later.split(" ") : [];

  function load() {
    urls.forEach((url) => {
      const script = document.createElement("script");
      script.src = url;
      script.async = false;  // run in the order given: htmx before the script that uses it
      document.head.appendChild(script);
    });
  }

  // A choice tapped before htmx arrived (a quick thumb on a slow phone: a preset whose house
  // rules the page swaps in) is sent once htmx is here, as if tapped now.  Only one tapped
  // while there was no htmx at all: htmx listens as soon as its script has run, and announces
  // itself (htmx:load) a moment later; a tap in between it has sent already, and sending it
  // twice would swap the page again over what was typed meanwhile.
  const early = new Set();
  document.addEventListener("change", (event) => {
    if (!window.htmx && event.target.matches('input[type=radio][hx-trigger="change"]')) {
      early.add(event.target);
    }
  }, true);
  document.addEventListener("htmx:load", function arrived(event) {
    if (event.target !== document.body) return;
    document.removeEventListener("htmx:load", arrived);
    early.forEach((el) => {
      if (el.checked && !el.defaultChecked && el.isConnected && window.htmx) {
        window.htmx.trigger(el, "change");
      }
    });
    early.clear();
  });

  if (document.readyState === "complete") {
    load();
  } else {
    window.addEventListener("load", load);
  }
})();
