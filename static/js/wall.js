// The wall page's round clock: the minutes left until the end the director's clock set
// (data-end); the page itself is redrawn by htmx, so every second the clock is looked up anew.
(function () {
  function tick() {
    document.querySelectorAll(".wall-clock[data-end]").forEach((clock) => {
      const left = Math.max(0, Math.round((Date.parse(clock.dataset.end) - Date.now()) / 1000));
      const out = clock.querySelector(".clock-left");
      if (!out) return;
      const m = Math.floor(left / 60), s = left % 60;
      out.textContent = m + ":" + (s < 10 ? "0" : "") + s;
      clock.classList.toggle("over", left === 0);
    });
  }
  tick();
  setInterval(tick, 1000);
})();
