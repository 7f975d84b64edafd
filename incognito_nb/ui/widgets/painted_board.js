// A board the browser paints: PaintedBoard in painted_board.py.  decode() reads the packed
// strokes, paintPaper() and paintStrokes() draw as board.py's draw_paper and draw_strokes do,
// and Painter keeps a view's canvas in step with the model (fakes in tests/js/).

const HEADER = 8;  // r, g, b, flags, width (uint16), points (uint16)
const ERASE = 1;

const asView = (value) => {
  if (!value) return new DataView(new ArrayBuffer(0));
  if (value instanceof DataView) return value;
  if (ArrayBuffer.isView(value)) return new DataView(value.buffer, value.byteOffset, value.byteLength);
  return new DataView(value);
};
const hex = (n) => n.toString(16).padStart(2, "0");

// The strokes in a packed buffer: [{color, width, erase, points: [x, y, ...]}], in board units.
export function decode(buffer, scale) {
  const view = asView(buffer), strokes = [];
  let at = 0;
  while (at + HEADER <= view.byteLength) {
    const color = "#" + hex(view.getUint8(at)) + hex(view.getUint8(at + 1)) + hex(view.getUint8(at + 2));
    const erase = (view.getUint8(at + 3) & ERASE) !== 0;
    const width = view.getUint16(at + 4, true), count = view.getUint16(at + 6, true);
    at += HEADER;
    if (at + 4 * count > view.byteLength) break;  // a cut buffer: never half a stroke
    const points = new Array(2 * count);
    for (let i = 0; i < 2 * count; i++) points[i] = view.getUint16(at + 2 * i, true) / scale;
    at += 4 * count;
    strokes.push({ color, width, erase, points });
  }
  return strokes;
}

// Where the first `keep` strokes of a packed buffer end, in bytes.
export function strokesEnd(buffer, keep) {
  const view = asView(buffer);
  let at = 0;
  for (let n = 0; n < keep && at + HEADER <= view.byteLength; n++) at += HEADER + 4 * view.getUint16(at + 6, true);
  return Math.min(at, view.byteLength);
}

// `buffer` with `extra` after it, as one DataView.
export function joined(buffer, extra) {
  const a = asView(buffer), b = asView(extra);
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), 0);
  out.set(new Uint8Array(b.buffer, b.byteOffset, b.byteLength), a.byteLength);
  return new DataView(out.buffer);
}

// Whether `buffer` starts with the first `length` bytes of `prefix`.
export function startsWith(buffer, prefix, length) {
  const a = asView(buffer), b = asView(prefix);
  if (a.byteLength < length || b.byteLength < length) return false;
  for (let i = 0; i < length; i++) if (a.getUint8(i) !== b.getUint8(i)) return false;
  return true;
}

// Whether two packed buffers hold the same bytes (a board sent again unchanged: new
// objects after every message, the same strokes).
export function sameBytes(a, b) {
  if (!a || !b) return false;
  const length = asView(a).byteLength;
  return asView(b).byteLength === length && startsWith(a, b, length);
}

// The paper, opaque over everything the canvas showed (no clearRect first: on a canvas
// without a GPU each is a pass over its 480,000 pixels).
export function paintPaper(ctx, { width, height, paper, border }) {
  ctx.fillStyle = paper;
  ctx.fillRect(0, 0, width, height);
  paintBorder(ctx, { width, height, border });
}

// The paper's thin border, painted again over strokes that ran onto it.
export function paintBorder(ctx, { width, height, border }) {
  ctx.lineWidth = 2;
  ctx.strokeStyle = border;
  ctx.strokeRect(1, 1, width - 2, height - 2);
}

// Draws `strokes` over what `ctx` shows.  On an ink layer (no `paper`), erasers punch
// holes (destination-out) as the pad's do; on the paper itself they paint it back in
// `paper`, its one colour: the same picture, with no second canvas to compose.
export function paintStrokes(ctx, strokes, paper = null) {
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const s of strokes) {
    const rubber = s.erase && paper !== null;
    ctx.globalCompositeOperation = s.erase && !rubber ? "destination-out" : "source-over";
    ctx.strokeStyle = rubber ? paper : s.color;
    ctx.fillStyle = rubber ? paper : s.color;
    ctx.lineWidth = s.width;
    const p = s.points;
    let dot = true;
    for (let i = 2; i < p.length && dot; i += 2) dot = p[i] === p[0] && p[i + 1] === p[1];
    ctx.beginPath();
    if (dot) {
      ctx.arc(p[0], p[1], s.width / 2, 0, 2 * Math.PI);
      ctx.fill();
    } else {
      ctx.moveTo(p[0], p[1]);
      for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
      ctx.stroke();
    }
  }
  ctx.globalCompositeOperation = "source-over";
}

// Paints `strokes` on `ctx`, a canvas of `size` ({width, height, scale}: its pixels and how
// many make one board unit), as a board of `board` (width, height, paper, border) looks at
// 800 x 600: the paper, the strokes, then the border.  The phone's one drawing and the
// gallery's tiles are painted so (find_phone.js, gallery.js).
export function paintBoard(ctx, strokes, board, size) {
  ctx.setTransform(size.scale, 0, 0, size.scale, 0, 0);
  paintPaper(ctx, board);
  paintStrokes(ctx, strokes, board.paper);
  paintBorder(ctx, board);
}

// A replay paints a board again this many times a second, at most: smooth to the eye,
// half the compositing of painting on every one of the display's 60 frames.
export const REPLAY_FPS = 30;
// How early a display's frame may come (60 Hz frames are 16-17 ms apart, not exactly).
const FRAME_JITTER_MS = 5;

const FRAMES = {
  now: () => performance.now(),
  next: (f) => requestAnimationFrame(f),
  cancel: (t) => cancelAnimationFrame(t),
};

// How many replays each model's views have started in this page, so that a view that
// connects after a replay was asked for plays it, and a second view of it does not again.
const played = new WeakMap();

// One view's picture, painted on its one canvas: the paper, then the strokes on it.  (An
// ink layer composed over the paper cost a 800 x 600 drawImage per painting: a fifth of
// a phone page's work at the find screen in headless Chromium, docs/platform-notes.md.)
export class Painter {
  constructor(model, { screen, frames = FRAMES, replayed = played, painted = () => {} }) {
    this.model = model;
    this.screen = screen;  // the visible canvas's context
    this.frames = frames;
    this.replayed = replayed;
    this.buffer = null;    // the buffer last painted from
    this.count = 0;        // how many of its strokes are on the ink layer
    this.bytes = 0;        // how many of its bytes they take
    this.timer = null;
    this.painted = painted;  // told how many strokes the board shows, after each painting
  }

  board() {
    const m = this.model;
    return { width: m.get("width"), height: m.get("height"), paper: m.get("paper"), border: m.get("border") };
  }

  // Paints strokes `from` to `to` of `strokes` on the board as it stands.
  paint(strokes, from, to) {
    const board = this.board();
    paintStrokes(this.screen, strokes.slice(from, to), board.paper);
    paintBorder(this.screen, board);
    this.count = to;
    this.painted(this.count);
  }

  // Paints what the model holds: only the strokes drawn on top of those already painted.
  update() {
    if (this.timer !== null) return;  // a replay is painting
    const buffer = this.model.get("strokes"), scale = this.model.get("scale");
    const strokes = decode(buffer, scale);
    if (this.buffer === null || strokes.length < this.count || !startsWith(buffer, this.buffer, this.bytes)) {
      this.blank();
    }
    this.buffer = buffer;
    this.paint(strokes, this.count, strokes.length);
    this.bytes = strokesEnd(buffer, this.count);
  }

  blank() {
    paintPaper(this.screen, this.board());
    this.count = 0;
    this.bytes = 0;
  }

  // Paints the strokes again one by one over its seconds: the first at the first frame, then
  // one every pause (stroke i, from 0, after i x pause).  The first stroke waited a pause too:
  // a drawing of one stroke stayed blank for the whole replay (3 s on the projector), of two
  // for half of it, while the class looked at an empty board.
  replay() {
    this.replayed.set(this.model, this.model.get("replays"));
    this.stop();
    const buffer = this.model.get("strokes");
    const strokes = decode(buffer, this.model.get("scale"));
    const seconds = this.model.get("replay_seconds");
    this.blank();
    this.buffer = buffer;
    this.painted(0);
    if (!strokes.length || !(seconds > 0)) { this.update(); return; }
    const pause = (1000 * seconds) / strokes.length, start = this.frames.now();
    let last = -Infinity;
    const step = () => {
      const now = this.frames.now();
      const due = Math.min(strokes.length, Math.floor((now - start) / pause) + 1);
      // At most REPLAY_FPS paintings a second (the last one whenever it is due): each one is
      // a canvas the browser composites again, on the laptop's cores with the class's kernels.
      if (due > this.count && (due === strokes.length || now - last >= 1000 / REPLAY_FPS - FRAME_JITTER_MS)) {
        this.paint(strokes, this.count, due);
        last = now;
      }
      this.timer = null;
      if (due < strokes.length) this.timer = this.frames.next(step);
      else this.update();  // the strokes in the model now, edits made during the replay too
    };
    this.timer = this.frames.next(step);
  }

  // Paints the board as a view that just connected should: a replay not yet seen, or all.
  start() {
    if ((this.replayed.get(this.model) || 0) < this.model.get("replays")) this.replay();
    else this.update();
  }

  stop() {
    if (this.timer !== null) this.frames.cancel(this.timer);
    this.timer = null;
  }
}

// Applies an edit from Python to the model's strokes (this page's copy of the state).
export function applyEdit(model, message, buffers) {
  if (!message) return;
  const strokes = model.get("strokes");
  if (Number.isInteger(message.append) && buffers && buffers.length) {
    model.set("strokes", joined(strokes, buffers[0]));
  } else if (Number.isInteger(message.keep)) {
    const view = asView(strokes);
    model.set("strokes", new DataView(view.buffer, view.byteOffset, strokesEnd(view, message.keep)));
  }
}

// The canvas of a board shown `cssWidth` px wide on a screen of `ratio` device pixels a
// px: its pixel size, and how many of its pixels make one board unit (never more than
// the board's own 800 x 600: a bigger canvas would only cost more).
export function fittedSize(cssWidth, ratio, board) {
  const width = Math.max(1, Math.min(board.width, Math.round(cssWidth * (ratio > 0 ? ratio : 1))));
  const scale = width / board.width;
  return { width, height: Math.max(1, Math.round(board.height * scale)), scale };
}

// How far the size a board is shown at may move from the size its canvas was painted for,
// as a share of its width, before it is painted again: the browser scales a picture by that
// little with no change anyone can see.  The projector paints the find screen's boards
// ahead, unseen; when the chips above it wrap at the find phase (at 1280 x 720 six chips
// that said "placing cards" did; long names still may) the tiles come out 1 % smaller, and
// every board was painted again at the moment the class waits (docs/platform-notes.md).
export const REFIT_SHARE = 0.03;

// Whether a canvas `canvasWidth` px wide shows a board fitted to `size` as painted: within
// `share` of its width (REFIT_SHARE), or exactly (0).
export function fitsWithin(canvasWidth, size, share) {
  return Math.abs(canvasWidth - size.width) <= share * size.width;
}

// Sizes `canvas` for the size it is shown at (`fittedSize`), its context scaled so that
// painting stays in board units; returns whether the canvas changed (and so was cleared).
// A canvas already within `keep` of that size (a share of its width) is kept as painted.
export function fitCanvas(canvas, ctx, shownWidth, ratio, board, keep = 0) {
  const size = fittedSize(shownWidth, ratio, board);
  if (canvas.width === size.width && canvas.height === size.height) return false;
  if (fitsWithin(canvas.width, size, keep)) return false;
  canvas.width = size.width;   // clears the canvas and its context's state
  canvas.height = size.height;
  ctx.setTransform(size.scale, 0, 0, size.scale, 0, 0);
  return true;
}

function render({ model, el }) {
  const canvas = document.createElement("canvas");
  canvas.width = model.get("width");
  canvas.height = model.get("height");
  canvas.style.width = "100%";
  canvas.style.height = "auto";
  canvas.style.display = "block";
  el.classList.add("inc-painted-board");
  el.appendChild(canvas);
  // For a screen reader the board is an image named by its label (who drew it, and where).
  const name = () => {
    if (!model.get("label")) return;
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", model.get("label"));
  };
  name();
  // How many strokes the board shows, on the page (data-painted): what a test or a
  // benchmark waits for, without reading the canvas's pixels back.
  const painted = (count) => { el.dataset.painted = String(count); };
  const ctx = canvas.getContext("2d");
  const painter = new Painter(model, { screen: ctx, painted });
  // A board that fits (the projector's gallery) is painted for the size it is shown at, not
  // at 800 x 600: the canvas's pixels are what Chromium rasterises (docs/platform-notes.md).
  // It is painted once it has a size, and again, whole, when that size changes by more
  // than REFIT_SHARE.
  let sized = !model.get("fit") || typeof ResizeObserver === "undefined";
  const board = { width: model.get("width"), height: model.get("height") };
  const resized = sized ? null : new ResizeObserver(() => {
    if (!canvas.clientWidth || painter.timer !== null) return;
    const keep = sized ? REFIT_SHARE : 0;  // its first size exactly
    if (fitCanvas(canvas, ctx, canvas.clientWidth, window.devicePixelRatio, board, keep) || !sized) {
      sized = true;
      painter.buffer = null;  // the canvas was cleared: paint it all again
      painter.start();
    }
  });
  if (resized) resized.observe(canvas);
  // Painted once the message's other changes are in: new strokes that come with a replay
  // (the next drawing of a reveal) are the replay's to paint (update() waits for it).
  const update = () => queueMicrotask(() => { if (sized) painter.update(); });
  const replay = () => painter.replay();
  model.on("change:strokes", update);
  model.on("change:replays", replay);
  model.on("change:label", name);
  if (sized) painter.start();
  return () => {
    if (resized) resized.disconnect();
    painter.stop();
    model.off("change:strokes", update);
    model.off("change:replays", replay);
    model.off("change:label", name);
  };
}

// Once per model, however many views it has: an edit is applied to its state once.
function initialize({ model }) {
  model.on("msg:custom", (message, buffers) => applyEdit(model, message, buffers));
}

export default { initialize, render };
