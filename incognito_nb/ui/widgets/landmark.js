// Gives the box it sits in a role and a name for screen readers: a landmark (Landmark in
// aria.py) or a drawing as an image (BoardName).
export default {
  render({ model, el }) {
    el.style.display = "none";
    let box = null, tries = 0, timer = null;
    const mark = () => {
      if (!box) return;
      box.setAttribute("role", model.get("role"));
      if (model.get("label")) box.setAttribute("aria-label", model.get("label"));
      else box.removeAttribute("aria-label");
    };
    const attach = () => {
      box = el.parentElement && el.parentElement.closest(model.get("box"));
      if (box) mark();
      else if (++tries < 400) timer = setTimeout(attach, 25);
    };
    attach();
    model.on("change:role", mark);
    model.on("change:label", mark);
    return () => clearTimeout(timer);
  },
};
