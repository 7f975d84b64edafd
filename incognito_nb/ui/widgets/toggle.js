// Says a toggle button's state to assistive technology: PressedState in toggle.py.
// ipywidgets' buttons have no aria-pressed; this sets it on the button beside it.
export function press(button, pressed) {
  const value = pressed ? "true" : "false";
  if (button.getAttribute("aria-pressed") !== value) button.setAttribute("aria-pressed", value);
}
export default {
  render({ model, el }) {
    el.style.display = "none";
    let button = null, tries = 0, timer = null;
    const show = () => { if (button) press(button, model.get("pressed")); };
    const attach = () => {
      const box = el.parentElement && el.parentElement.closest(".widget-box");
      button = box && box.querySelector(model.get("button"));
      if (button) show();
      else if (++tries < 400) timer = setTimeout(attach, 25);
    };
    attach();
    model.on("change:pressed", show);
    return () => clearTimeout(timer);
  },
};
