/* The share page's buttons (templates/_share_buttons.html): "Share" hands the link to the
   phone's own share sheet (the Web Share API, where the phone has it), "Copy link" puts it on
   the clipboard.  Without JavaScript the buttons stay hidden; the link is there to copy. */
(function () {
  "use strict";

  function copy(url) {
    if (navigator.clipboard && navigator.clipboard.writeText) {
      return navigator.clipboard.writeText(url);
    }
    // older browsers: select the text of a field and copy it
    const field = document.createElement("textarea");
    field.value = url;
    field.setAttribute("readonly", "");
    field.className = "sr-only";
    document.body.appendChild(field);
    field.select();
    const done = document.execCommand("copy");
    field.remove();
    return done ? Promise.resolve() : Promise.reject(new Error("copy"));
  }

  function start() {
    document.querySelectorAll("[data-share-url]").forEach((box) => {
      const url = box.dataset.shareUrl;
      const share = box.querySelector("[data-share]");
      const status = box.querySelector(".copied");
      box.hidden = false;
      if (navigator.share) {
        share.hidden = false;
        share.addEventListener("click", () => {
          navigator.share({ title: box.dataset.shareTitle, url }).catch(() => {
            return null; // the player closed the share sheet
          });
        });
      }
      box.querySelector("[data-copy]").addEventListener("click", () => {
        copy(url).then(() => {
          status.textContent = box.dataset.copied;
        }, () => {
          status.textContent = url;
        });
      });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
