// Names a drawing's box as an image for screen readers: BoardName in aria.py.
export default {
  render({ model, el }) {
    el.style.display = "none";
    let box = null, tries = 0, timer = null;
    const name = () => {
      if (!box) return;
      box.setAttribute("role", "img");
      box.setAttribute("aria-label", model.get("label"));
    };
    const attach = () => {
      box = el.parentElement && el.parentElement.closest(model.get("box"));
      if (box) name();
      else if (++tries < 400) timer = setTimeout(attach, 25);
    };
    attach();
    model.on("change:label", name);
    return () => clearTimeout(timer);
  },
};
