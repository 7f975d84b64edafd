// The browser-painted board (incognito_nb/ui/widgets/painted_board.js), driven with a fake
// model, canvas contexts and frames: what a packed buffer decodes to, what is painted and
// with which pen, what an edit from Python changes, and how a replay unfolds.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeClock, FakeModel } from "./fakes.mjs";
import {
  applyEdit, decode, joined, paintPaper, paintStrokes, Painter, strokesEnd,
} from "../../incognito_nb/ui/widgets/painted_board.js";

// pack_strokes([Stroke([(1, 2), (3.5, 4)], color="#0072b2", width=10), Stroke([(5, 5)], erase=True)]),
// as Python packs it (tests/test_painted_board.py checks the same bytes).
const PACKED = "0072b2000a000200080010001c002000000000010400010028002800";
const TWO = [
  { color: "#0072b2", width: 10, erase: false, points: [1, 2, 3.5, 4] },
  { color: "#000000", width: 4, erase: true, points: [5, 5] },
];

const bytes = (hex) => new DataView(Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16)).buffer);
const TRAITS = { scale: 8, width: 800, height: 600, paper: "#ffffff", border: "#767676", replays: 0, replay_seconds: 2 };

// A 2D context that writes down what is done to it.
class FakeContext {
  constructor(name) {
    this.name = name;
    this.log = [];
    this.canvas = { name };
    return new Proxy(this, {
      get: (target, key) => (key in target ? target[key] : (...args) => target.log.push([key, ...args])),
      set: (target, key, value) => { target.log.push([`${String(key)}=`, value]); return true; },
    });
  }
}

function board(hex = "", traits = {}) {
  const model = new FakeModel({ ...TRAITS, strokes: bytes(hex), ...traits });
  const clock = new FakeClock();
  const frames = { now: () => clock.now(), next: (f) => clock.setTimeout(f, 16), cancel: (t) => clock.clearTimeout(t) };
  const screen = new FakeContext("screen"), ink = new FakeContext("ink");
  const replayed = new WeakMap();
  const view = () => new Painter(model, { screen, ink, frames, replayed });
  return { model, clock, screen, ink, view, painter: view() };
}

const drawnLines = (ctx) => ctx.log.filter(([op]) => op === "stroke" || op === "fill").length;

test("a packed buffer decodes to its strokes, in board units", () => {
  assert.deepEqual(decode(bytes(PACKED), 8), TWO);
  assert.deepEqual(decode(new DataView(new ArrayBuffer(0)), 8), []);
});

test("a cut buffer decodes to its whole strokes only", () => {
  const buffer = bytes(PACKED);
  assert.deepEqual(decode(new DataView(buffer.buffer, 0, buffer.byteLength - 2), 8), TWO.slice(0, 1));
  assert.equal(strokesEnd(buffer, 1), 16);
  assert.equal(strokesEnd(buffer, 5), buffer.byteLength);
});

test("strokes are painted with round ends, their pen, and a dot as a disc", () => {
  const ink = new FakeContext("ink");
  paintStrokes(ink, TWO);
  const log = ink.log.map(([op, ...args]) => `${op}${args.join(",")}`);
  assert.ok(log.includes("lineCap=round") && log.includes("lineJoin=round"));
  const line = log.indexOf("moveTo1,2");
  assert.deepEqual(log.slice(line, line + 3), ["moveTo1,2", "lineTo3.5,4", "stroke"]);
  assert.ok(log.indexOf("strokeStyle=#0072b2") < line && log.indexOf("lineWidth=10") < line);
  const disc = log.findIndex((entry) => entry.startsWith("arc5,5,2,"));
  assert.ok(disc > line && log[disc + 1] === "fill");
});

test("an eraser punches through the ink layer, and the mode comes back", () => {
  const ink = new FakeContext("ink");
  paintStrokes(ink, TWO);
  const modes = ink.log.filter(([op]) => op === "globalCompositeOperation=").map(([, mode]) => mode);
  assert.deepEqual(modes, ["source-over", "destination-out", "source-over"]);
});

test("the paper is white with a thin border, as board.py's draw_paper paints it", () => {
  const ctx = new FakeContext("screen");
  paintPaper(ctx, TRAITS);
  const log = ctx.log.map(([op, ...args]) => `${op}${args.join(",")}`);
  assert.deepEqual(log.slice(1), ["fillStyle=#ffffff", "fillRect0,0,800,600", "lineWidth=2",
                                  "strokeStyle=#767676", "strokeRect1,1,798,598"]);
});

test("a view paints every stroke when it connects, paper under ink", () => {
  const { painter, screen, ink } = board(PACKED);
  painter.start();
  assert.equal(drawnLines(ink), 2);
  const ops = screen.log.map(([op]) => op);
  assert.ok(ops.indexOf("fillRect") < ops.indexOf("drawImage"));
  assert.equal(screen.log.find(([op]) => op === "drawImage")[1].name, "ink");
});

test("strokes drawn on top are the only ones painted", () => {
  const { painter, model, ink } = board(PACKED.slice(0, 32));
  painter.start();
  model.on("change:strokes", () => painter.update());
  ink.log.length = 0;
  applyEdit(model, { append: 1 }, [bytes(PACKED.slice(32))]);
  assert.deepEqual(decode(model.get("strokes"), 8), TWO);
  assert.equal(drawnLines(ink), 1);
  assert.ok(!ink.log.some(([op]) => op === "clearRect"));
});

test("an undo keeps the first strokes and paints them again", () => {
  const { painter, model, ink } = board(PACKED);
  painter.start();
  model.on("change:strokes", () => painter.update());
  ink.log.length = 0;
  applyEdit(model, { keep: 1 }, []);
  assert.deepEqual(decode(model.get("strokes"), 8), TWO.slice(0, 1));
  assert.equal(ink.log.filter(([op]) => op === "clearRect").length, 1);
  assert.equal(drawnLines(ink), 1);
  applyEdit(model, { keep: 0 }, []);
  assert.equal(model.get("strokes").byteLength, 0);
});

test("joined buffers decode to both", () => {
  const whole = bytes(PACKED);
  assert.deepEqual(decode(joined(new DataView(whole.buffer, 0, 16), new DataView(whole.buffer, 16)), 8), TWO);
});

test("a replay puts the strokes up one by one over its seconds", () => {
  const { painter, model, ink, clock } = board(PACKED, { replays: 0, replay_seconds: 1 });
  painter.start();
  ink.log.length = 0;
  model.set("replays", 1);
  painter.replay();
  assert.equal(drawnLines(ink), 0);
  clock.advance(520);
  assert.equal(drawnLines(ink), 1);
  clock.advance(520);
  assert.equal(drawnLines(ink), 2);
  assert.deepEqual(clock.pending(), []);
});

test("a view that connects after a replay was asked for plays it, once per page", () => {
  const { model, ink, clock, view } = board(PACKED, { replays: 1, replay_seconds: 1 });
  view().start();
  assert.equal(drawnLines(ink), 0);
  clock.advance(1100);
  assert.equal(drawnLines(ink), 2);
  ink.log.length = 0;
  view().start();  // the same board shown again: all at once
  assert.equal(drawnLines(ink), 2);
  assert.deepEqual(clock.pending(), []);
  assert.equal(model.get("replays"), 1);
});
