// Thousand deal form: typing the opening bid (the obligation, "on the hundred") as the contract
// picks the player who holds it as the declarer, unless somebody is picked already. Without this
// script the server does the same when the form is sent with nobody picked.
(function () {
  "use strict";
  function setUp() {
    const contract = document.querySelector("input[data-opening][data-holder]");
    if (!contract) return;
    const form = contract.form;
    contract.addEventListener("input", () => {
      if (contract.value !== contract.getAttribute("data-opening")) return;
      if (form.querySelector("input[name='declarer']:checked")) return;
      const holder = form.querySelector(
        "input[name='declarer'][value='" + contract.getAttribute("data-holder") + "']");
      if (holder) {
        holder.checked = true;
        holder.dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
