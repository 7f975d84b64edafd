// Says a toggle button's state to assistive technology: PressedState in toggle.py.
// ipywidgets' buttons have no aria-pressed; this sets it on the button beside it. With an
// `address` (a query parameter's name), the state is kept in the page's address too, so that a
// reload finds it (table mode's projector: ?projector=1), and the address's word is told to Python.
export function press(button, pressed) {
  const value = pressed ? "true" : "false";
  if (button.getAttribute("aria-pressed") !== value) button.setAttribute("aria-pressed", value);
}

// Returns what the page's query `search` says of the toggle `name`: true (1), false (0), or null.
export function askedState(search, name) {
  const asked = name ? new URLSearchParams(search || "").get(name) : null;
  return asked === "1" ? true : asked === "0" ? false : null;
}

// Returns the page's query `search` with the toggle `name` set to `pressed`, the rest as it was.
export function withState(search, name, pressed) {
  const params = new URLSearchParams(search || "");
  params.set(name, pressed ? "1" : "0");
  return "?" + params.toString();
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
    const name = model.get("address"), where = globalThis.location, history = globalThis.history;
    const asked = name && where ? askedState(where.search, name) : null;
    if (asked !== null && asked !== model.get("pressed")) model.send({ asked });
    const remember = () => {
      if (!name || !where || !history) return;
      const search = withState(where.search, name, model.get("pressed"));
      if (search !== where.search) history.replaceState(history.state, "", where.pathname + search + where.hash);
    };
    model.on("change:pressed", () => { show(); remember(); });
    return () => clearTimeout(timer);
  },
};
