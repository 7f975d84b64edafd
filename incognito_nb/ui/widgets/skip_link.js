// A button that moves the focus past the pad's tools, and keeps the keyboard's place among
// them when one turns grey: SkipLink in keyboard.py.

// After a change to the page, while `pressed` (a button the person pressed) waits: if the press
// turned it grey and the focus is still on it or has fallen to the page's body, the focus goes
// to the first usable button of `following`.  The focus the person moved elsewhere (the board,
// Done) stays there.  Returns true once there is nothing left to wait for.
export function handOn(pressed, following, active, body) {
  if (active && active !== pressed && active !== body) return true;
  if (!pressed.disabled) return false;
  const next = following.find((button) => button && !button.disabled);
  if (!next) return false;  // the button to follow is not usable yet: its change is on its way
  next.focus();
  return true;
}

export default {
  render({ model, el }) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "inc-skip";
    const label = () => { button.textContent = model.get("label"); };
    label();
    model.on("change:label", label);
    button.addEventListener("click", () => {
      const page = el.closest(".inc-app") || document;
      const target = page.querySelector(model.get("target"));
      if (target) target.focus();
    });
    el.appendChild(button);

    // A press's grey comes from the kernel, late: the browser decides, when it comes, whether
    // the focus fell (Python's focus() came later still, and took it from wherever it was).
    let pressed = null;
    const watcher = new MutationObserver(() => settle());
    const forget = () => { pressed = null; watcher.disconnect(); };
    const following = (box) => model.get("hand_to").map((selector) => box.querySelector(selector));
    const settle = () => {
      const box = el.parentElement;
      if (pressed && (!box || handOn(pressed, following(box), document.activeElement, document.body))) forget();
    };
    const onClick = (event) => {
      const box = el.parentElement;
      const target = event.target instanceof Element ? event.target.closest("button") : null;
      if (!box || !target || target === button || !box.contains(target) || !model.get("hand_to").length) return;
      forget();
      pressed = target;
      watcher.observe(box, { subtree: true, attributes: true, attributeFilter: ["disabled"] });
    };
    const onFocus = (event) => { if (pressed && event.target !== pressed) forget(); };
    document.addEventListener("click", onClick, true);
    document.addEventListener("focusin", onFocus, true);
    return () => {
      forget();
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("focusin", onFocus, true);
    };
  },
};
