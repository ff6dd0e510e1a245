// Mariáš deal form: the "+ flek" button of each flek ladder climbs one step per tap
// (none -> flek -> re -> tutti -> ...; after the table's last step it starts again at none).
// Without JavaScript the button stays hidden and the ladder's steps are ordinary radio buttons.
(function () {
  "use strict";
  function climb(ladder) {
    const steps = ladder.querySelectorAll('.steps input[type="radio"]');
    if (!steps.length) { return; }
    let at = -1;
    for (let i = 0; i < steps.length; i++) { if (steps[i].checked) { at = i; } }
    const next = steps[(at + 1) % steps.length];
    next.checked = true;
    next.dispatchEvent(new Event("change", { bubbles: true }));
  }
  function wire(root) {
    const ladders = root.querySelectorAll("[data-ladder]");
    for (let i = 0; i < ladders.length; i++) {
      const button = ladders[i].querySelector("[data-flek-up]");
      if (!button || button.dataset.wired) { continue; }
      button.dataset.wired = "1";
      button.hidden = false;
      button.addEventListener("click", climb.bind(null, ladders[i]));
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => { wire(document); });
  } else {
    wire(document);
  }
})();
