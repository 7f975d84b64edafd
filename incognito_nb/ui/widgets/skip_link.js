// A button that moves the focus past the pad's tools: SkipLink in keyboard.py.
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
  },
};
