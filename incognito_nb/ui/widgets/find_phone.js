// The find phase on a phone, one drawing at a time: PhoneFind in find_phone.py.  Python
// decides everything (the rows, which card lies where, what is said); this file draws the
// drawing shown, its card row, Previous / Next and the cards placed above Confirm, and says
// which card was pressed.  Only the drawing shown is painted, at the size it is shown.
// In the page this file follows painted_board.js and voting.js (its cards' look and words to
// Python) in one module (shared.py's bundle).
import { decode, paintBoard } from "./painted_board.js";
import { div, drawCard, htmlLine, pressed, shape } from "./voting.js";

// The canvas of a board shown `cssWidth` px wide on a screen of `ratio` device pixels a
// px: its pixel size, and how many of its pixels make one board unit.
export function canvasSize(cssWidth, ratio, board) {
  const width = Math.max(1, Math.round(cssWidth * (ratio > 0 ? ratio : 1)));
  const scale = width / board.width;
  return { width, height: Math.max(1, Math.round(board.height * scale)), scale };
}

// The step `by` steps from `step` among `count` drawings (never past either end).
export function moved(step, by, count) {
  return Math.max(0, Math.min(count - 1, step + by));
}

// Each row's drawing decoded once, when it is first shown (or when its buffer changes).
export class Drawings {
  constructor(model) {
    this.model = model;
    this.cache = new Map();
  }

  strokes(index) {
    const buffer = (this.model.get("boards") || [])[index];
    const known = this.cache.get(index);
    if (known && known.buffer === buffer) return known.strokes;
    const strokes = decode(buffer, this.model.get("scale"));
    this.cache.set(index, { buffer, strokes });
    return strokes;
  }
}

function button(className, onClick) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = `jupyter-widgets jupyter-button widget-button ${className}`;
  el.addEventListener("click", onClick);
  return el;
}

function renderFind({ model, el }) {
  el.classList.add("widget-vbox", "widget-container", "widget-box");
  const drawings = new Drawings(model);
  let built = null, step = 0, width = 0;  // the board's width when last painted

  // The one board: moved into the row shown, painted for the size it has there.
  const board = div("inc-painted-board");
  const canvas = document.createElement("canvas");
  canvas.style.width = "100%";
  canvas.style.height = "auto";
  canvas.style.display = "block";
  board.append(canvas);
  const paint = () => {
    const boards = model.get("boards") || [];
    if (!built || step >= boards.length) return;
    const spec = { width: model.get("board_width"), height: model.get("board_height"),
                   paper: model.get("paper"), border: model.get("border") };
    const shownWidth = board.clientWidth || canvas.clientWidth;
    width = board.clientWidth;  // painted for this width: the observer's first call has nothing to do
    const size = canvasSize(shownWidth || spec.width, window.devicePixelRatio, spec);
    if (canvas.width !== size.width) canvas.width = size.width;
    if (canvas.height !== size.height) canvas.height = size.height;
    const strokes = drawings.strokes(step);
    paintBoard(canvas.getContext("2d"), strokes, spec, size);
    board.dataset.painted = String(strokes.length);
    board.dataset.seat = String(model.get("rows")[step].seat);
  };
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    if (board.clientWidth && board.clientWidth !== width) { width = board.clientWidth; paint(); }
  });
  if (resized) resized.observe(board);

  const show = (next) => {
    step = moved(next, 0, built.rows.length);
    built.rows.forEach((row, r) => {
      row.line.hidden = r !== step;
      row.line.classList.toggle("inc-find-shown", r === step);
      built.goes[r].setAttribute("aria-current", r === step ? "step" : "false");
    });
    built.rows[step].holder.append(board);
    label();
    paint();
  };
  // What says which drawing is shown: its name (a screen reader reads the board as an
  // image of it), "Drawing 2 of 5", and the ends of Previous and Next.
  const label = () => {
    const name = (model.get("names") || [])[step];
    if (name) { board.setAttribute("role", "img"); board.setAttribute("aria-label", name); }
    built.positionText.textContent = (model.get("positions") || [])[step] || "";
    const focused = document.activeElement;
    built.previous.disabled = step === 0;
    built.next.disabled = step === built.rows.length - 1;
    // At either end the button pressed goes grey: the keyboard's focus moves to the other one.
    if (focused === built.next && built.next.disabled) built.previous.focus();
    if (focused === built.previous && built.previous.disabled) built.next.focus();
  };

  const build = () => {
    el.replaceChildren();
    const [heading, headingText] = htmlLine("inc-vote-heading");
    const [position, positionText] = htmlLine("inc-find-position");
    el.append(heading);
    const rows = model.get("rows").map((row) => {
      const line = div(`widget-vbox widget-container widget-box inc-vote-row inc-find-drawing-for-${row.seat}`);
      const [label, labelText] = htmlLine("inc-vote-label");
      const holder = div("inc-find-board");
      const control = div(`widget-hbox widget-container widget-box inc-vote inc-vote-for-${row.seat}`);
      const cards = row.cards.map((card) => {
        const cardButton = button("inc-card", () => model.send(pressed(row.seat, card.number)));
        control.append(cardButton);
        return cardButton;
      });
      line.append(label, holder, control);
      el.append(line);
      return { line, labelText, holder, cards };
    });
    const nav = div("widget-hbox widget-container widget-box inc-find-nav");
    const previous = button("inc-find-previous", () => show(step - 1));
    const next = button("inc-find-next", () => show(step + 1));
    nav.append(previous, position, next);  // "Drawing 2 of 5" between the two: not above the drawing
    const placed = div("widget-vbox widget-container widget-box inc-find-summary");
    const [cardsHeading, cardsHeadingText] = htmlLine("inc-find-summary-heading");
    const list = div("inc-find-cards");
    const goes = model.get("rows").map((row, r) => {
      const go = button(`inc-find-go inc-find-go-${row.seat}`, () => show(r));
      list.append(go);
      return go;
    });
    placed.append(cardsHeading, list);
    const [summary, summaryText] = htmlLine("inc-vote-summary");
    const [reminder, reminderText] = htmlLine("inc-vote-reminder");
    const [error, errorText] = htmlLine("inc-vote-error");
    const confirm = button("mod-success inc-confirm-votes", () => model.send({ press: "confirm" }));
    el.append(nav, placed, summary, reminder, error, confirm);
    built = { shape: shape(model.get("rows")), headingText, positionText, rows, previous, next, cardsHeadingText,
              goes, summaryText, reminderText, error, errorText, confirm };
  };

  const draw = () => {
    const fresh = !built || built.shape !== shape(model.get("rows"));
    if (fresh) build();
    built.headingText.innerHTML = model.get("heading"); // markup built (and escaped) in Python
    model.get("rows").forEach((row, r) => {
      built.rows[r].labelText.innerHTML = row.title; // markup built (and escaped) in Python
      row.cards.forEach((card, c) => drawCard(built.rows[r].cards[c], card));
      built.goes[r].textContent = row.placed;
    });
    built.previous.textContent = `← ${model.get("previous_label")}`;
    built.next.textContent = `${model.get("next_label")} →`;
    built.cardsHeadingText.textContent = model.get("cards_heading");
    built.summaryText.textContent = model.get("summary");
    built.reminderText.textContent = model.get("reminder");
    built.errorText.textContent = model.get("error");
    built.error.style.display = model.get("error") ? "" : "none";
    const icon = document.createElement("i");
    icon.className = "fa fa-check";
    built.confirm.replaceChildren(icon, ` ${model.get("confirm_label")}`);
    built.confirm.disabled = model.get("confirm_disabled");
    if (fresh && built.rows.length) show(step);
    else if (built.rows.length) label();
  };

  draw();
  for (const name of ["rows", "heading", "summary", "reminder", "error", "confirm_label", "confirm_disabled",
                      "positions", "names", "previous_label", "next_label", "cards_heading"]) {
    model.on(`change:${name}`, draw);
  }
  const repaint = () => { drawings.cache.clear(); paint(); };
  model.on("change:boards", repaint);
  return () => { if (resized) resized.disconnect(); };
}

export default { render: renderFind };
