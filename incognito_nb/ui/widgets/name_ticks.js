// The class's names a teacher ticks as at this table today: NameTicks in class_setup.py.
// Each name is set as text: never HTML, and never typeset as mathematics, as an ipywidgets
// Checkbox's description is (MathJax turns "$x^2$" into x², docs/platform-notes.md).
// Python checks every list sent (names of the class only, at most `limit`) and answers.

// Returns the ticked names after `name` is ticked (at the end: the seating order) or unticked.
export function toggled(ticked, name, checked) {
  const rest = ticked.filter((other) => other !== name);
  return checked ? [...rest, name] : rest;
}

// Checks if `name` cannot be ticked now: the table is full and it is not one of the ticked.
export function blocked(ticked, name, limit) {
  return ticked.length >= limit && !ticked.includes(name);
}

export default {
  render({ model, el }) {
    el.classList.add("inc-class-names");
    el.setAttribute("role", "group");
    let boxes = new Map();
    const update = () => {  // in place: the focus stays on the box just ticked
      const ticked = model.get("ticked") || [];
      for (const [name, box] of boxes) {
        box.checked = ticked.includes(name);
        box.disabled = blocked(ticked, name, model.get("limit"));
      }
    };
    const build = () => {
      el.setAttribute("aria-label", model.get("label"));
      boxes = new Map();
      el.replaceChildren(...(model.get("names") || []).map((name) => {
        const label = document.createElement("label");
        label.className = "inc-class-name";
        label.title = name;
        const box = document.createElement("input");
        box.type = "checkbox";
        box.addEventListener("change", () => {
          model.set("ticked", toggled(model.get("ticked") || [], name, box.checked));
          model.save_changes();
        });
        const text = document.createElement("span");
        text.textContent = name;
        label.append(box, text);
        boxes.set(name, box);
        return label;
      }));
      update();
    };
    build();
    model.on("change:names", build);
    model.on("change:label", build);
    model.on("change:ticked", update);
    model.on("change:limit", update);
  },
};
