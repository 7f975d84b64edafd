// A page's landmarks, heading, live region and focus: PageAria in aria.py.
const ROLES = [
  [".inc-top", {role: "banner"}],
  [".inc-stage", {role: "main"}],
  [".inc-bottom", {role: "contentinfo"}],
  [".inc-header", {role: "heading", "aria-level": "1", tabindex: "-1"}],
  // Its lines are rows (scoreboard.py): a cell is heard with its round and its player.
  [".inc-scoreboard", {role: "table"}],
];
export function mark(app) {
  for (const [selector, attributes] of ROLES) {
    for (const el of app.querySelectorAll(selector)) {
      if (el.closest(".inc-app") !== app) continue;  // a page inside a page marks its own
      for (const [name, value] of Object.entries(attributes)) {
        if (el.getAttribute(name) !== value) el.setAttribute(name, value);
      }
    }
  }
}
export default {
  render({ model, el }) {
    el.classList.add("inc-aria");
    const live = document.createElement("div");
    live.className = "inc-announcement";
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    live.setAttribute("aria-atomic", "true");
    el.appendChild(live);
    let app = null, watcher = null, timer = null, tries = 0;
    const heading = () => app && app.querySelector(".inc-header");
    const focus = () => { const h = heading(); if (h) { mark(app); h.focus(); } };
    const say = () => {
      // Emptied first, so that the same sentence said twice is announced twice.
      live.textContent = "";
      clearTimeout(timer);
      timer = setTimeout(() => { live.textContent = model.get("announcement"); }, 50);
    };
    const attach = () => {
      // The view is put in the page after it renders: wait until it is there.
      app = el.closest(".inc-app");
      if (!app) {
        if (++tries < 400) setTimeout(attach, 25);
        return;
      }
      mark(app);
      watcher = new MutationObserver(() => mark(app));
      watcher.observe(app, {subtree: true, childList: true});
      if (model.get("announcement")) say();
    };
    attach();
    model.on("change:said", say);
    model.on("change:screens", focus);
    return () => { if (watcher) watcher.disconnect(); clearTimeout(timer); };
  },
};
