// One player's voting cards, drawn by the browser from one widget's state: VotePanel in
// voting.py.  Python decides everything (which card lies where, which are taken, what is
// said); this file only draws it and says which card was pressed.  The buttons are built
// once and changed in place, so a card pressed with the keyboard keeps the focus.

// A card's number, null for "no card".  On the Pyodide kernel (the static site) Python's
// None reaches the page as undefined, and JSON leaves an undefined out of a press: "no card"
// then said nothing Python could read, and a card once placed could not be taken back
// (docs/platform-notes.md).
export function numberOf(card) {
  return card.number === undefined ? null : card.number;
}

// The classes of a card button: ipywidgets' own button look, the card's number, and
// whether it is the card placed (primary, with an outline: not by colour alone).
export function cardClasses(card) {
  const classes = ["jupyter-widgets", "jupyter-button", "widget-button", "inc-card"];
  classes.push(numberOf(card) === null ? "inc-card-none" : `inc-card-${card.number}`);
  if (card.selected) classes.push("mod-primary", "inc-card-selected");
  return classes.join(" ");
}

// A card button as its state says (find_phone.js draws its cards with it too); the card
// placed is pressed, for a screen reader, which hears nothing of its look.
export function drawCard(button, card) {
  button.className = cardClasses(card);
  button.setAttribute("aria-pressed", card.selected ? "true" : "false");
  button.textContent = card.label;
  button.title = card.tip;
  button.disabled = card.disabled;
}

// What a press says to Python: the drawing by its artist's seat, and the card (null:
// take the card back).  Python checks both against the game.
export function pressed(seat, number) {
  return { press: "card", seat, number: number === undefined ? null : number };
}

// The structure of the rows: when it changes, the panel is built again.
export function shape(rows) {
  return rows.map((row) => `${row.seat}:${row.cards.length}`).join(",");
}

// A box, and a line of text as ipywidgets' HTML widget draws it (find_phone.js uses them too).
export function div(className) {
  const el = document.createElement("div");
  el.className = className;
  return el;
}

export function htmlLine(className) {
  // The look of an ipywidgets HTML widget, so the page's styles apply alike.
  const el = div(`widget-html ${className}`);
  const content = div("widget-html-content");
  el.append(content);
  return [el, content];
}

const votingCards = {
  render({ model, el }) {
    el.classList.add("widget-vbox", "widget-container", "widget-box");
    let built = null;

    const build = () => {
      el.replaceChildren();
      const [heading, headingText] = htmlLine("inc-vote-heading");
      el.append(heading);
      const rows = model.get("rows").map((row) => {
        const line = div("widget-hbox widget-container widget-box inc-vote-row");
        const [label, labelText] = htmlLine("inc-vote-label");
        const control = div(`widget-hbox widget-container widget-box inc-vote inc-vote-for-${row.seat}`);
        const cards = row.cards.map((card) => {
          const button = document.createElement("button");
          button.type = "button";
          button.addEventListener("click", () => model.send(pressed(row.seat, card.number)));
          control.append(button);
          return button;
        });
        line.append(label, control);
        el.append(line);
        return { labelText, cards };
      });
      const [summary, summaryText] = htmlLine("inc-vote-summary");
      const [reminder, reminderText] = htmlLine("inc-vote-reminder");
      const [error, errorText] = htmlLine("inc-vote-error");
      const confirm = document.createElement("button");
      confirm.type = "button";
      confirm.className = "jupyter-widgets jupyter-button widget-button mod-success inc-confirm-votes";
      confirm.addEventListener("click", () => model.send({ press: "confirm" }));
      el.append(summary, reminder, error, confirm);
      built = { shape: shape(model.get("rows")), headingText, rows, summaryText, reminderText, error, errorText,
                confirm };
    };

    const draw = () => {
      if (!built || built.shape !== shape(model.get("rows"))) build();
      built.headingText.innerHTML = model.get("heading"); // markup built (and escaped) in Python
      model.get("rows").forEach((row, r) => {
        built.rows[r].labelText.innerHTML = row.title; // markup built (and escaped) in Python
        row.cards.forEach((card, c) => drawCard(built.rows[r].cards[c], card));
      });
      built.summaryText.textContent = model.get("summary");
      built.reminderText.textContent = model.get("reminder");
      built.errorText.textContent = model.get("error");
      built.error.style.display = model.get("error") ? "" : "none";
      const icon = document.createElement("i");
      icon.className = "fa fa-check";
      built.confirm.replaceChildren(icon, ` ${model.get("confirm_label")}`);
      built.confirm.disabled = model.get("confirm_disabled");
    };

    draw();
    for (const name of ["rows", "heading", "summary", "reminder", "error", "confirm_label", "confirm_disabled"]) {
      model.on(`change:${name}`, draw);
    }
  },
};

export default votingCards;
