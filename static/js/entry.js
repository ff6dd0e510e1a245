/* The entry form on a phone: the number keyboard's Enter ("Go", "Next") moves to the next field
   and never sends a half-filled form; a refused form opens on its first wrong field, in the
   middle of the screen (not behind the sticky "Write it down" bar).  Without JavaScript the form
   works as it is: the summary at the top links every wrong field, and the first one has
   autofocus.  htmx comes after the first paint (static/js/later.js): what a quick scorer typed
   before it arrived is previewed as soon as it is here. */
(function () {
  "use strict";
  const form = document.querySelector("form.entry");
  if (!form) return;

  function typed(el) {
    return el.matches("input:not([type=hidden]):not([type=radio]):not([type=checkbox])" +
                      ":not([type=submit]):not([type=button]), select");
  }

  // the fields Enter moves through; an optional field seldom written (the row's note) is
  // passed by, and Enter in it goes to the button
  function fields() {
    return Array.prototype.filter.call(form.elements, (el) => {
      return typed(el) && !el.disabled && el.offsetParent !== null &&
        !el.hasAttribute("data-enter-skip");
    });
  }

  form.querySelectorAll("input[inputmode=numeric], input[type=number]").forEach((el) => {
    if (!el.hasAttribute("enterkeyhint")) el.setAttribute("enterkeyhint", "next");
  });

  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.isComposing || !typed(event.target)) return;
    event.preventDefault(); // Enter in a field never sends the form
    const list = fields();
    const at = list.indexOf(event.target);
    const next = at < 0 ? null : list[at + 1];
    if (next) {
      next.focus();
      if (next.select) next.select();
    } else {
      // the last field: the button is next; it sends only when tapped (or Enter on it)
      const button = form.querySelector("button[type=submit]");
      if (button) button.focus();
    }
  });

  function changed(el) {
    if (el.type === "radio" || el.type === "checkbox") return el.checked !== el.defaultChecked;
    if (el.options) {
      return Array.prototype.some.call(el.options, (o) => {
        return o.selected !== o.defaultSelected;
      });
    }
    return el.type !== "hidden" && "defaultValue" in el && el.value !== el.defaultValue;
  }

  document.addEventListener("htmx:load", function arrived(event) {
    if (event.target !== document.body) return;
    document.removeEventListener("htmx:load", arrived);
    if (window.htmx && Array.prototype.some.call(form.elements, changed)) {
      window.htmx.trigger(form, "change");
    }
  });

  // a field changed after a refusal: its error (and its line in the summary) said what was
  // wrong with the value before, so it goes; the preview says what is wrong now
  form.addEventListener("change", (event) => {
    const field = event.target.closest ? event.target.closest(".field.has-error") : null;
    if (!field) return;
    field.classList.remove("has-error");
    field.querySelectorAll(".error").forEach((error) => { error.remove(); });
    const summary = document.getElementById("form-summary");
    if (!summary) return;
    summary.querySelectorAll("li a[href^='#']").forEach((link) => {
      const target = document.getElementById(link.getAttribute("href").slice(1));
      if (target && field.contains(target)) link.closest("li").remove();
    });
    if (!summary.querySelector("li")) summary.remove();
  });

  const first = form.querySelector("[autofocus]");
  if (first && document.getElementById("form-summary")) {
    first.scrollIntoView({block: "center"});
    first.focus({preventScroll: true});
  }
})();
