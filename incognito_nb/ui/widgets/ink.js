// The ink overlay's front end: InkLayer in ink.py.  The stroke logic is LiveInk, handed the
// model, the storage and what draws (fakes in tests/js/); render() wires the canvas to it.

export const W = 800, H = 600, PAPER = "#ffffff";
// Where a pad's unsettled strokes are kept, in the browser's storage: this, then the pad's recovery key.
export const STORAGE_PREFIX = "incognito-nb:ink:";
// This page's strokes, in the browser's storage (one for every overlay of the page).
export const SESSION = Math.random().toString(36).slice(2);

// The browser's storage, looked up only when used: where storage is switched off,
// touching it throws, and the callers catch that.
const pageStorage = () => localStorage;

// The strokes this browser keeps for a pad: [{session, id, xy, color, width, erase}].
export function kept(storage, key) {
  try { return JSON.parse(storage().getItem(STORAGE_PREFIX + key) || "[]"); } catch (e) { return []; }
}

export function keep(storage, key, strokes) {
  try {
    if (strokes.length) storage().setItem(STORAGE_PREFIX + key, JSON.stringify(strokes));
    else storage().removeItem(STORAGE_PREFIX + key);
  } catch (e) { /* storage full or refused: the badge still says what waits */ }
}

// What the badge says of `count` strokes not saved yet, in the page's language.
export function waitingText(count, locale, forms) {
  const form = forms[new Intl.PluralRules(locale).select(count)] || forms.other || "";
  return form.replace("{n}", new Intl.NumberFormat(locale).format(count));
}

const CLOCK = {
  now: () => performance.now(),
  setTimeout: (f, ms) => setTimeout(f, ms),
  clearTimeout: (t) => clearTimeout(t),
};
const NO_PAPER = { dot() {}, segment() {}, redraw() {} };
const round = (pressure) => Math.round(pressure * 100) / 100;

// The strokes one overlay drew and Python has not settled, and the stroke under the pen.
// `paper` draws: dot(s, x, y), segment(s, i) from point i-1 to point i, redraw(strokes).
export class LiveInk {
  constructor(model, { storage = pageStorage, session = SESSION, paper = NO_PAPER, clock = CLOCK } = {}) {
    this.model = model;
    this.storage = storage;
    this.session = session;
    this.paper = paper;
    this.clock = clock;
    // Python's limits, as its traits hold them when the overlay is shown.
    this.minBatchMs = model.get("batch_ms");
    this.maxBatchPoints = model.get("early_flush_points");
    this.waitMs = model.get("wait_ms");
    this.maxRecovered = model.get("max_recovered");
    this.minStep = model.get("min_step");
    this.strokes = new Map();  // id -> {xy: [x, y, ...], color, width, tool, at}: drawn here, not yet settled
    this.nextId = 1;
    this.pen = null;  // the stroke under the pointer: {id, pointerId, seq, sent, pressure, timer, last}
  }

  holdMs() {
    return Math.max(this.minBatchMs, this.model.get("hold_ms"));
  }

  send(end) {
    const pen = this.pen, s = this.strokes.get(pen.id);
    const batch = { stroke: pen.id, seq: pen.seq, points: s.xy.slice(pen.sent), end };
    if (pen.seq === 0) Object.assign(batch, { color: s.tool.color, width: s.tool.width, erase: s.tool.erase });
    if (pen.pressure) batch.pressure = pen.pressure.slice(pen.sent / 2);
    if (!end && batch.points.length === 0) return;
    this.model.send(batch);
    pen.seq += 1;
    pen.sent = s.xy.length;
    pen.last = this.clock.now();
  }

  tick() {  // while the pen is down: send what waits, at most every minBatchMs
    if (!this.pen) return;
    this.send(false);
    this.pen.timer = this.clock.setTimeout(() => this.tick(), this.holdMs());
  }

  // How many more points this overlay may ink: the `room` Python leaves on the board
  // (-1: no cap), less the points of its strokes not settled yet.
  roomLeft() {
    const room = this.model.get("room");
    if (room === undefined || room < 0) return Infinity;
    let drawn = 0;
    for (const s of this.strokes.values()) drawn += s.xy.length / 2;
    return room - drawn;
  }

  // A stroke begins at board point [x, y]; `pressure` is a pen's (null for a mouse or a finger).
  // On a full board it does not begin: the pen stops inking, and the pad says why.
  begin(pointerId, [x, y], pressure = null) {
    const model = this.model;
    if (this.roomLeft() < 1) return false;
    const erase = !!model.get("erase");
    const tool = { color: model.get("color"), width: model.get("width"), erase };
    const id = Math.max(this.nextId, model.get("settled") + 1);
    this.nextId = id + 1;
    const s = { xy: [x, y], color: erase ? PAPER : tool.color, width: tool.width, tool };
    this.strokes.set(id, s);
    this.pen = { id, pointerId, seq: 0, sent: 0, last: this.clock.now(),
                 pressure: pressure === null ? null : [round(pressure)] };
    this.paper.dot(s, x, y);
    this.pen.timer = this.clock.setTimeout(() => this.tick(), this.holdMs());
    return true;
  }

  // The pen moved through `samples`, [[x, y, pressure], ...] in board units; many waiting points go early.
  // A point closer than min_step to the last one kept is not kept (no one sees it on the
  // board); a stroke that fills the board's room stops there.
  extend(samples) {
    const pen = this.pen, s = this.strokes.get(pen.id);
    let room = this.roomLeft();
    for (const [x, y, pressure] of samples) {
      const n = s.xy.length;
      if (Math.hypot(x - s.xy[n - 2], y - s.xy[n - 1]) < this.minStep) continue;
      if (room < 1) break;
      room -= 1;
      s.xy.push(x, y);
      if (pen.pressure) pen.pressure.push(round(pressure));
      this.paper.segment(s, s.xy.length / 2 - 1);
    }
    if (s.xy.length - pen.sent >= 2 * this.maxBatchPoints && this.clock.now() - pen.last >= this.minBatchMs) {
      this.send(false);
    }
  }

  // The pen is lifted: the stroke's last batch goes, and the stroke is kept until settled.
  finish() {
    const pen = this.pen;
    this.clock.clearTimeout(pen.timer);
    // Sent now, before any later click can be: the kernel reads messages in order.
    this.send(true);
    const s = this.strokes.get(pen.id);
    s.at = this.clock.now();
    const key = this.model.get("recovery_key");
    if (key) {
      keep(this.storage, key, [...kept(this.storage, key), { session: this.session, id: pen.id, xy: s.xy,
                                                             color: s.tool.color, width: s.tool.width,
                                                             erase: s.tool.erase }]);
    }
    this.pen = null;
  }

  // Python settled every stroke up to its `settled` trait: those are wiped from the live ink
  // (they are on the board of record); the browser's copies go only once they are kept.
  settle() {
    const settled = this.model.get("settled");
    let wiped = false;
    for (const id of [...this.strokes.keys()]) {
      if (id <= settled) { this.strokes.delete(id); wiped = true; }
    }
    if (this.pen && this.pen.id <= settled) { this.clock.clearTimeout(this.pen.timer); this.pen = null; }  // dropped by Python
    this.keepUntilKept();
    if (wiped) this.paper.redraw(this.strokes);
  }

  // Every stroke up to Python's `kept` trait is in its record (the game store, for a
  // classroom seat): the browser forgets its own copies of them, and only of them.
  // (A layer without the trait keeps them until they are settled.)
  keepUntilKept() {
    const key = this.model.get("recovery_key"), upTo = this.model.get("kept") ?? this.model.get("settled");
    if (!key) return;
    const left = kept(this.storage, key), wanted = left.filter((s) => s.session !== this.session || s.id > upTo);
    if (wanted.length !== left.length) keep(this.storage, key, wanted);
  }

  // How many strokes were sent and not settled for a while: they are not saved.
  waiting() {
    const now = this.clock.now();
    return [...this.strokes.values()].filter((s) => s.at !== undefined && now - s.at > this.waitMs).length;
  }

  recover() {  // strokes a page of an earlier kernel drew and never saw settled
    const key = this.model.get("recovery_key");
    const earlier = key ? kept(this.storage, key).filter((s) => s.session !== this.session) : [];
    // In messages of at most max_recovered strokes, each naming the pages of its own strokes:
    // Python says which pages it took, and the browser then forgets every stroke of those pages.
    for (let start = 0; start < earlier.length; start += this.maxRecovered) {
      const part = earlier.slice(start, start + this.maxRecovered);
      this.model.send({ recover: part.map((s) => ({ points: s.xy, color: s.color, width: s.width, erase: s.erase })),
        sessions: [...new Set(part.map((s) => s.session))] });
    }
  }

  // Python took the strokes of these sessions: the browser forgets them.
  forget(sessions) {
    const key = this.model.get("recovery_key");
    if (key) keep(this.storage, key, kept(this.storage, key).filter((s) => !sessions.includes(s.session)));
  }
}

// Drawing with the keyboard, for a student who cannot hold a mouse or a pen: on the focused
// board the arrow keys move a cursor (KEY_STEP board units, KEY_LONG_STEP with Shift), Space or
// Enter puts the pen down or lifts it, and Escape, or the focus leaving the board, lifts it.
// A stroke drawn so is a stroke like any other (its pointer is KEYS): batched, checked by
// Python, kept until saved.
export const KEY_STEP = 10, KEY_LONG_STEP = 40, KEYS = "keys";
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const within = (v, high) => Math.min(Math.max(v, 0), high);

export class KeyPen {
  constructor(ink) {
    this.ink = ink;
    this.at = [W / 2, H / 2];
  }

  get down() {
    return !!this.ink.pen && this.ink.pen.pointerId === KEYS;
  }

  // What key `key` did: "moved", "down", "up", "full" (the board takes no more ink: the pen
  // lifts, or does not go down), or null (not a drawing key, or a pointer is drawing).
  press(key, shift = false) {
    const arrow = ARROWS[key];
    if (arrow) {
      const step = shift ? KEY_LONG_STEP : KEY_STEP;
      this.at = [within(this.at[0] + arrow[0] * step, W), within(this.at[1] + arrow[1] * step, H)];
      if (!this.down) return "moved";
      this.ink.extend([[...this.at, 0.5]]);
      if (this.ink.roomLeft() >= 1) return "moved";
      this.ink.finish();
      return "full";
    }
    if (key === " " || key === "Enter") {
      if (this.down) return this.lift();
      if (this.ink.pen) return null;
      return this.ink.begin(KEYS, [...this.at]) ? "down" : "full";
    }
    return key === "Escape" ? this.lift() : null;
  }

  lift() {  // the pen goes up, if the keys hold it: "up", else null
    if (!this.down) return null;
    this.ink.finish();
    return "up";
  }
}

function render({ model, el }) {
  const root = el.shadowRoot || el.attachShadow({ mode: "open" });
  root.replaceChildren();
  const style = document.createElement("style");
  style.textContent = `:host { display: block; min-width: 0; position: relative; }
    canvas { display: block; width: 100%; height: auto; touch-action: none; cursor: crosshair;
             user-select: none; -webkit-user-select: none; -webkit-touch-callout: none; }
    .waiting { position: absolute; top: 8px; right: 8px; padding: 4px 10px; border-radius: 6px;
               background: #8a3b00; color: #ffffff; font: bold 14px sans-serif; pointer-events: none; }
    .waiting[hidden] { display: none; }
    canvas:focus { outline: none; }
    canvas:focus-visible { outline: 3px solid #0072b2; outline-offset: -3px; }
    .cursor { position: absolute; width: 14px; height: 14px; margin: -9px 0 0 -9px; border-radius: 50%;
              border: 2px solid #0072b2; box-shadow: 0 0 0 2px #ffffff; pointer-events: none; }
    .cursor.down { border-color: #000000; }
    .cursor[hidden] { display: none; }
    .said { position: absolute; width: 1px; height: 1px; overflow: hidden;
            clip-path: inset(50%); white-space: nowrap; }`;
  const canvas = document.createElement("canvas");
  canvas.width = W;
  canvas.height = H;
  canvas.className = "inc-live-ink";
  const badge = document.createElement("div");
  badge.className = "waiting inc-ink-waiting";
  badge.setAttribute("role", "status");
  badge.hidden = true;
  const texts = model.get("key_texts") || {};
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-label", texts.board || "");
  const cursor = document.createElement("div");
  cursor.className = "cursor inc-key-cursor";
  cursor.hidden = true;
  const said = document.createElement("div");  // what a screen reader says of the pen
  said.className = "said";
  said.setAttribute("role", "status");
  root.append(style, canvas, badge, cursor, said);
  const ctx = canvas.getContext("2d");
  ctx.lineCap = ctx.lineJoin = "round";

  function dot(s, x, y) {
    ctx.fillStyle = s.color;
    ctx.beginPath();
    ctx.arc(x, y, s.width / 2, 0, 2 * Math.PI);
    ctx.fill();
  }

  function segment(s, i) {  // from point i-1 to point i
    ctx.strokeStyle = s.color;
    ctx.lineWidth = s.width;
    ctx.beginPath();
    ctx.moveTo(s.xy[2 * i - 2], s.xy[2 * i - 1]);
    ctx.lineTo(s.xy[2 * i], s.xy[2 * i + 1]);
    ctx.stroke();
  }

  function redraw(strokes) {
    ctx.clearRect(0, 0, W, H);
    for (const s of strokes.values()) {
      dot(s, s.xy[0], s.xy[1]);
      for (let i = 1; i < s.xy.length / 2; i++) segment(s, i);
    }
  }

  const ink = new LiveInk(model, { paper: { dot, segment, redraw } });
  const keys = new KeyPen(ink);

  function showCursor() {
    cursor.hidden = false;
    cursor.style.left = `${(100 * keys.at[0]) / W}%`;
    cursor.style.top = `${(100 * keys.at[1]) / H}%`;
    cursor.classList.toggle("down", keys.down);
    cursor.style.background = keys.down ? (model.get("erase") ? PAPER : model.get("color")) : "transparent";
  }

  canvas.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const did = keys.press(event.key, event.shiftKey);
    if (!did) return;
    event.preventDefault();
    event.stopPropagation();  // an arrow here moves the pen, not the page (nor a projector's Next)
    showCursor();
    if (did !== "moved") said.textContent = texts[did] || "";
  });
  canvas.addEventListener("blur", () => {
    if (keys.lift()) said.textContent = texts.up || "";
    cursor.hidden = true;
  });

  // Where the board was on the screen when the pen went down: a stroke's points are read
  // against it until the pen lifts.  A line appearing above the pad mid-stroke (a message
  // that the store cannot be reached) moves the canvas under the pen; read against the new
  // place, the rest of the stroke jumped by the line's height.
  let penBox = null;

  function boardPoint(event) {
    const box = penBox || canvas.getBoundingClientRect();
    const x = (event.clientX - box.left) * W / (box.width || W);
    const y = (event.clientY - box.top) * H / (box.height || H);
    return [Math.round(Math.min(Math.max(x, 0), W) * 10) / 10,
            Math.round(Math.min(Math.max(y, 0), H) * 10) / 10];
  }

  function samples(event) {  // every point of a move, with the ones the browser coalesced
    const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    return (events.length ? events : [event]).map((e) => [...boardPoint(e), e.pressure]);
  }

  function down(event) {
    if (keys.lift()) cursor.hidden = true;  // the pointer takes over from the keys
    // The same pointer pressed again: its "up" was lost (no capture), so end that stroke first.
    if (ink.pen && event.pointerId === ink.pen.pointerId) up({ type: "pointercancel", pointerId: ink.pen.pointerId });
    if (ink.pen || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    penBox = canvas.getBoundingClientRect();
    if (!ink.begin(event.pointerId, boardPoint(event), event.pointerType === "pen" ? event.pressure : null)) {
      penBox = null;
      return;
    }
    try { canvas.setPointerCapture(event.pointerId); } catch (e) { /* a synthetic event */ }
  }

  function move(event) {
    if (!ink.pen || event.pointerId !== ink.pen.pointerId) return;
    event.preventDefault();
    ink.extend(samples(event));
  }

  function up(event) {
    if (!ink.pen || event.pointerId !== ink.pen.pointerId) return;
    if (event.type === "pointerup") ink.extend(samples(event));
    ink.finish();
    penBox = null;
    try { canvas.releasePointerCapture(event.pointerId); } catch (e) { /* not captured */ }
  }

  function showWaiting() {  // strokes sent and not settled for a while are not saved: say so
    const waiting = ink.waiting();
    badge.hidden = waiting === 0;
    if (waiting) badge.textContent = waitingText(waiting, model.get("locale"), model.get("waiting_texts"));
  }
  const watcher = setInterval(showWaiting, 500);

  model.on("msg:custom", (message) => {
    if (message && Array.isArray(message.recovered)) ink.forget(message.recovered);
  });
  model.on("change:recovery_key", () => ink.recover());
  ink.recover();

  canvas.addEventListener("pointerdown", down);
  canvas.addEventListener("pointermove", move);
  canvas.addEventListener("pointerup", up);
  canvas.addEventListener("pointercancel", up);
  canvas.addEventListener("lostpointercapture", up);
  canvas.addEventListener("contextmenu", (event) => event.preventDefault());
  model.on("change:settled", () => { ink.settle(); showWaiting(); });
  model.on("change:kept", () => ink.keepUntilKept());
  return () => { if (ink.pen) clearTimeout(ink.pen.timer); clearInterval(watcher); root.replaceChildren(); };
}

export default { render };
