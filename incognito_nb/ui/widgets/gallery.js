// Every player's drawing side by side: Gallery in gallery.py.  Python decides what each tile
// shows (its packed strokes, its caption as HTML it escaped, its accessible name); this file
// lays the tiles out and paints each board, at the size it is shown when `fit` is set (the
// projector).  One widget for the whole gallery: one model, one module, one message, where
// six boards, six captions and twelve boxes were thirty widgets built at the phase change.
// In the page this file follows painted_board.js in one module (shared.py's bundle).
import { REFIT_SHARE, decode, fitsWithin, fittedSize, paintBoard, sameBytes } from "./painted_board.js";

// The board spec every tile is painted with.
export function boardOf(model) {
  return { width: model.get("board_width"), height: model.get("board_height"),
           paper: model.get("paper"), border: model.get("border") };
}

// The canvas size a tile's board is painted at: its shown width (times the screen's pixel
// ratio, never beyond the board's own size) when it fits, else the board's own 800 x 600.
export function tileSize(fit, shownWidth, ratio, board) {
  if (fit) return fittedSize(shownWidth || board.width, ratio, board);
  return { width: board.width, height: board.height, scale: 1 };
}

// Whether a fitted tile is painted again for `size`, the canvas it would have at the width
// shown now: when it was never painted, or its canvas (`canvasWidth`) is more than
// REFIT_SHARE away from it.  The find screen the projector painted ahead, unseen, comes
// out 1 % smaller when the chips above it wrap (long names at 1280 x 720): its boards stay as painted.
export function needsPainting(painted, canvasWidth, size) {
  return !painted || !fitsWithin(canvasWidth, size, REFIT_SHARE);
}

const div = (className) => {
  const el = document.createElement("div");
  el.className = className;
  return el;
};

function makeTile(seat) {
  const tile = div(`widget-vbox widget-container widget-box inc-drawing inc-drawing-for-${seat}`);
  const view = div("widget-vbox widget-container widget-box inc-drawing-view");
  view.style.width = "100%";
  const board = div("inc-painted-board");
  board.style.width = "100%";
  const canvas = document.createElement("canvas");
  canvas.style.width = "100%";
  canvas.style.height = "auto";
  canvas.style.display = "block";
  board.append(canvas);
  view.append(board);
  const label = div("widget-inline-hbox widget-html inc-drawing-label");
  const caption = div("widget-html-content");
  label.append(caption);
  tile.append(view, label);
  return { tile, board, canvas, caption, buffer: undefined, painted: false };
}

function renderGallery({ model, el }) {
  let tiles = [];
  const paint = (t, index) => {
    const board = boardOf(model);
    const fit = model.get("fit");
    if (fit && !t.canvas.clientWidth) return;  // not laid out yet: the observer paints it
    const size = tileSize(fit, t.canvas.clientWidth, window.devicePixelRatio, board);
    if (t.canvas.width !== size.width) t.canvas.width = size.width;
    if (t.canvas.height !== size.height) t.canvas.height = size.height;
    const buffer = (model.get("boards") || [])[index];
    const strokes = decode(buffer, model.get("scale"));
    paintBoard(t.canvas.getContext("2d"), strokes, board, size);
    t.buffer = buffer;
    t.painted = true;
    t.board.dataset.painted = String(strokes.length);
  };
  // A fitted board is painted once it has a size, and again, whole, when that size changes
  // by more than REFIT_SHARE (needsPainting).
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver((entries) => {
    for (const entry of entries) {
      const index = tiles.findIndex((t) => t.canvas === entry.target);
      if (index < 0 || !model.get("fit") || !tiles[index].canvas.clientWidth) continue;
      const t = tiles[index];
      const size = tileSize(true, t.canvas.clientWidth, window.devicePixelRatio, boardOf(model));
      if (needsPainting(t.painted, t.canvas.width, size)) paint(t, index);
    }
  });
  const named = () => {
    const names = model.get("names") || [], captions = model.get("captions") || [];
    tiles.forEach((t, index) => {
      const name = names[index];
      if (name) { t.board.setAttribute("role", "img"); t.board.setAttribute("aria-label", name); }
      else { t.board.removeAttribute("role"); t.board.removeAttribute("aria-label"); }
      const caption = captions[index] || "";
      if (t.caption.innerHTML !== caption) t.caption.innerHTML = caption;  // HTML made and escaped in Python
    });
  };
  const build = () => {
    const count = (model.get("boards") || []).length;
    if (count !== tiles.length) {
      if (resized) tiles.forEach((t) => resized.unobserve(t.canvas));
      tiles = Array.from({ length: count }, (_, index) => makeTile(index + 1));
      el.replaceChildren(...tiles.map((t) => t.tile));
      if (resized) tiles.forEach((t) => resized.observe(t.canvas));
    }
    named();
    // Every board travels in each message of the list, but only those whose bytes changed
    // are painted again (a board painted ahead, before the find phase, is not).
    const boards = model.get("boards") || [];
    tiles.forEach((t, index) => { if (!sameBytes(t.buffer, boards[index])) paint(t, index); });
  };
  build();
  model.on("change:boards", build);
  model.on("change:captions", named);
  model.on("change:names", named);
  return () => {
    if (resized) resized.disconnect();
    model.off("change:boards", build);
    model.off("change:captions", named);
    model.off("change:names", named);
  };
}

export default { render: renderGallery };
