// The director's page: the live part is redrawn by htmx, while the forms being filled in are
// kept (hx-preserve).  Every form carries the revision of what the page shows (a stale tab is
// refused, issue 26.9): once the live part shows a newer revision, the kept forms act on it.
document.addEventListener("htmx:afterSettle", () => {
  const live = document.getElementById("t-live");
  if (!live || !live.dataset.revision) return;
  live.querySelectorAll('input[type=hidden][name="revision"]').forEach((input) => {
    input.value = live.dataset.revision;
  });
});
