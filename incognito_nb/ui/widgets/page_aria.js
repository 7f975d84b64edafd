// A page's landmarks, heading, live region and focus: PageAria in aria.py.
const ROLES = [
  [".inc-top", {role: "banner"}],
  [".inc-stage", {role: "main"}],
  [".inc-bottom", {role: "contentinfo"}],
  [".inc-header", {role: "heading", "aria-level": "1", tabindex: "-1"}],
  // Its lines are rows (scoreboard.py): a cell is heard with its round and its player.
  [".inc-scoreboard", {role: "table"}],
];
// Buttons whose state ipywidgets shows by their look alone, with the class that says they
// are on: its toggles (the brush sizes, the eraser) and the pad's pens (pad.py); a pen is
// named by its tooltip too (its caption is the chosen one's ✓, or a blank).
const PRESSED = [
  [".widget-toggle-button", "mod-active"],
  [".inc-tool-color", "inc-tool-chosen"],
];
const NAMED_BY_TITLE = ".inc-tool-color";
function set(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
export function mark(app) {
  const own = (el) => el.closest(".inc-app") === app;  // a page inside a page marks its own
  for (const [selector, attributes] of ROLES) {
    for (const el of app.querySelectorAll(selector)) {
      if (!own(el)) continue;
      for (const [name, value] of Object.entries(attributes)) set(el, name, value);
    }
  }
  for (const [selector, on] of PRESSED) {
    for (const el of app.querySelectorAll(selector)) {
      if (own(el)) set(el, "aria-pressed", el.classList.contains(on) ? "true" : "false");
    }
  }
  for (const el of app.querySelectorAll(NAMED_BY_TITLE)) {
    if (own(el) && el.title) set(el, "aria-label", el.title);
  }
}
// Whether the focus may be handed on after a press of `pressed` (the elements of the control
// pressed): only if it is still there, or fell to the page's body (the control went grey, hidden
// or away), never from where the person has moved it since.
export function mayHand(active, body, pressed) {
  return !active || active === body || pressed.some((el) => el.contains(active));
}
// What takes the focus in a widget's element: its field or button (a Text's <input>), or itself.
export function focusable(el) {
  return el.matches("input, textarea, select, button, [tabindex]") ? el
    : el.querySelector("input, textarea, select, button") || el;
}
// The elements on the page of the widget `id`'s views; none for a widget gone.
async function elementsOf(manager, id) {
  try {
    const widget = await manager.get_model(id);
    const views = await Promise.all(Object.values((widget && widget.views) || {}));
    return views.map((view) => view.el).filter((el) => el && el.isConnected);
  } catch (e) {
    return [];
  }
}
// A hand-off asked by the kernel (PageAria.hand_focus in aria.py): the focus goes to the widget
// `focus` once its view is on the page (a field made in the same callback is built a moment
// after the message), if the person has not moved it since pressing `pressed`.
async function hand(manager, { focus, pressed }) {
  for (let tries = 0; tries < 200; tries++) {
    const target = (await elementsOf(manager, focus)).pop();  // the newest view: a box builds a moved child again
    if (target) {
      const from = pressed ? await elementsOf(manager, pressed) : [];
      if (mayHand(document.activeElement, document.body, from)) focusable(target).focus();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
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
    // A new screen takes the focus to its heading (or to its one next move, `screen_focus`:
    // the desk's Next, pressed again and again) only from where it fell (the page's body:
    // the control pressed went with the screen left), never from where the person is (the
    // language menu, a seat link, Copy): the screen may come from another page's move, or
    // a kernel round trip after a press, once the person has moved on.  The control that
    // holds the focus may be one of the screen left, not yet taken away, and the next move
    // not yet on the page: both watched a moment.
    let watching = null;
    const focus = () => {
      const h = heading();
      if (!h) return;
      mark(app);
      clearTimeout(watching);
      const was = document.activeElement, id = model.get("screen_focus");
      const watch = async (tries) => {
        const target = id ? (await elementsOf(model.widget_manager, id)).pop() : h;
        const now = document.activeElement, more = tries < 120;
        if (target && now === target) return;
        if (mayHand(now, document.body, [])) {
          if (target) focusable(target).focus();
          else if (more) watching = setTimeout(() => watch(tries + 1), 25);
          else h.focus();
        } else if (now === was && more) watching = setTimeout(() => watch(tries + 1), 25);
      };
      watch(0);
    };
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
      // Classes and tooltips too: a toggle turned on, a pen chosen, a language changed.
      watcher.observe(app, {subtree: true, childList: true, attributes: true, attributeFilter: ["class", "title"]});
      if (model.get("announcement")) say();
    };
    attach();
    model.on("change:said", say);
    model.on("change:screens", focus);
    model.on("msg:custom", (content) => { if (content && content.focus) hand(model.widget_manager, content); });
    return () => { if (watcher) watcher.disconnect(); clearTimeout(timer); clearTimeout(watching); };
  },
};
