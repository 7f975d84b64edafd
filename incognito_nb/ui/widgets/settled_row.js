// A row of buttons whose press counts only once the row has stood still: SettledRow in settled_row.py.
// Whether a press at `now` comes too soon after the row last lost a button (at `moved`), for
// `ms`: the button under the pointer (or the focus) may be the next one, moved into its place.
export function tooSoon(now, moved, ms) {
  return now - moved < ms;
}
export default {
  render({ model, el }) {
    el.classList.add("inc-invisible");
    let app = null, watcher = null, timer = null, attaching = null, tries = 0, moved = -Infinity;
    const selector = () => model.get("row");
    const row = () => app && app.querySelector(selector());
    const inRow = (node) => node instanceof Element && !!node.closest(selector());
    const lost = () => {
      // Said on the row while it settles (data-settling), for a test to wait on it.
      moved = performance.now();
      const box = row();
      if (box) box.dataset.settling = "";
      clearTimeout(timer);
      timer = setTimeout(() => { const box = row(); if (box) delete box.dataset.settling; }, model.get("settle_ms"));
    };
    const swallow = (event) => {
      if (inRow(event.target) && tooSoon(performance.now(), moved, model.get("settle_ms"))) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    const attach = () => {
      app = el.closest(".inc-app");
      if (!app) {
        if (++tries < 400) attaching = setTimeout(attach, 25);
        return;
      }
      // A button gone from the row moves the ones after it; a button added at its end moves none.
      watcher = new MutationObserver((records) => {
        if (records.some((r) => r.removedNodes.length && inRow(r.target))) lost();
      });
      watcher.observe(app, {subtree: true, childList: true});
      app.addEventListener("click", swallow, true);  // before the button's own listener
    };
    attach();
    return () => {
      if (watcher) watcher.disconnect();
      if (app) app.removeEventListener("click", swallow, true);
      clearTimeout(timer);
      clearTimeout(attaching);
    };
  },
};
