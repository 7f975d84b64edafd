// The browser-painted board (incognito_nb/ui/widgets/painted_board.js), driven with a fake
// model, canvas contexts and frames: what a packed buffer decodes to, what is painted and
// with which pen, what an edit from Python changes, and how a replay unfolds.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeClock, FakeContext, FakeModel } from "./fakes.mjs";
import {
  applyEdit, decode, fitCanvas, fittedSize, joined, paintPaper, paintStrokes, Painter, REFIT_SHARE, REPLAY_FPS, strokesEnd,
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


function board(hex = "", traits = {}) {
  const model = new FakeModel({ ...TRAITS, strokes: bytes(hex), ...traits });
  const clock = new FakeClock();
  const frames = { now: () => clock.now(), next: (f) => clock.setTimeout(f, 16), cancel: (t) => clock.clearTimeout(t) };
  const screen = new FakeContext("screen");
  const replayed = new WeakMap();
  const shown = [];  // what the board told the page after each painting
  const view = () => new Painter(model, { screen, frames, replayed, painted: (n) => shown.push(n) });
  // `ink`: where the strokes go, the one canvas (no layer to compose).
  return { model, clock, screen, ink: screen, view, shown, painter: view() };
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

test("on an ink layer an eraser punches through, and the mode comes back", () => {
  const ink = new FakeContext("ink");
  paintStrokes(ink, TWO);
  const modes = ink.log.filter(([op]) => op === "globalCompositeOperation=").map(([, mode]) => mode);
  assert.deepEqual(modes, ["source-over", "destination-out", "source-over"]);
});

test("on the paper an eraser paints the paper back, and the ink keeps its colour", () => {
  const ctx = new FakeContext("screen");
  paintStrokes(ctx, TWO, "#ffffff");
  const log = ctx.log.map(([op, ...args]) => `${op}${args.join(",")}`);
  assert.ok(!log.includes("globalCompositeOperation=destination-out"));
  const disc = log.findIndex((entry) => entry.startsWith("arc5,5,"));  // the eraser's dot
  assert.equal(log.slice(0, disc).filter((e) => e.startsWith("fillStyle=")).at(-1), "fillStyle=#ffffff");
  assert.ok(log.indexOf("strokeStyle=#0072b2") < log.indexOf("moveTo1,2"));
});

test("the paper is white with a thin border, as board.py's draw_paper paints it", () => {
  const ctx = new FakeContext("screen");
  paintPaper(ctx, TRAITS);
  const log = ctx.log.map(([op, ...args]) => `${op}${args.join(",")}`);
  assert.deepEqual(log, ["fillStyle=#ffffff", "fillRect0,0,800,600", "lineWidth=2",
                                  "strokeStyle=#767676", "strokeRect1,1,798,598"]);
});

test("a view paints every stroke when it connects, paper under ink, the border over it", () => {
  const { painter, screen } = board(PACKED);
  painter.start();
  assert.equal(drawnLines(screen), 2);
  const ops = screen.log.map(([op]) => op);
  assert.ok(ops.indexOf("fillRect") < ops.indexOf("stroke") && ops.lastIndexOf("strokeRect") > ops.indexOf("fill"));
  assert.ok(!ops.includes("drawImage"), "one canvas: nothing to compose");
});

test("the page is told how many strokes the board shows after each painting", () => {
  const { painter, model, shown } = board(PACKED.slice(0, 32));
  painter.start();
  model.on("change:strokes", () => painter.update());
  applyEdit(model, { append: 1 }, [bytes(PACKED.slice(32))]);
  applyEdit(model, { keep: 0 }, []);
  assert.deepEqual(shown, [1, 2, 0]);
});

test("strokes drawn on top are the only ones painted", () => {
  const { painter, model, ink } = board(PACKED.slice(0, 32));
  painter.start();
  model.on("change:strokes", () => painter.update());
  ink.log.length = 0;
  applyEdit(model, { append: 1 }, [bytes(PACKED.slice(32))]);
  assert.deepEqual(decode(model.get("strokes"), 8), TWO);
  assert.equal(drawnLines(ink), 1);
  assert.ok(!ink.log.some(([op]) => op === "fillRect"), "the paper is not painted again");
});

test("an undo keeps the first strokes and paints them again", () => {
  const { painter, model, ink } = board(PACKED);
  painter.start();
  model.on("change:strokes", () => painter.update());
  ink.log.length = 0;
  applyEdit(model, { keep: 1 }, []);
  assert.deepEqual(decode(model.get("strokes"), 8), TWO.slice(0, 1));
  assert.equal(ink.log.filter(([op]) => op === "fillRect").length, 1, "the paper, once");
  assert.equal(drawnLines(ink), 1);
  applyEdit(model, { keep: 0 }, []);
  assert.equal(model.get("strokes").byteLength, 0);
});

test("joined buffers decode to both", () => {
  const whole = bytes(PACKED);
  assert.deepEqual(decode(joined(new DataView(whole.buffer, 0, 16), new DataView(whole.buffer, 16)), 8), TWO);
});

test("a replay puts the strokes up one by one over its seconds, the first at once", () => {
  const { painter, model, ink, clock } = board(PACKED, { replays: 0, replay_seconds: 1 });
  painter.start();
  ink.log.length = 0;
  model.set("replays", 1);
  painter.replay();
  assert.equal(drawnLines(ink), 0);  // blank until the next frame
  clock.advance(20);
  assert.equal(drawnLines(ink), 1);  // the first stroke on the first frame, never a blank board
  clock.advance(400);
  assert.equal(drawnLines(ink), 1);
  clock.advance(100);
  assert.equal(drawnLines(ink), 2);  // the second half a second in
  assert.deepEqual(clock.pending(), []);
});

test("a replay of one stroke shows it on the first frame", () => {
  const one = PACKED.slice(0, 32);
  const { painter, model, ink, clock, shown } = board(one, { replays: 0, replay_seconds: 3 });
  painter.start();
  ink.log.length = 0;
  model.set("replays", 1);
  shown.length = 0;
  painter.replay();
  clock.advance(20);
  assert.equal(drawnLines(ink), 1);
  assert.deepEqual(shown.slice(0, 2), [0, 1]);  // blanked, then the stroke: the replay is over
  assert.deepEqual(clock.pending(), []);
});

test("a replay of many strokes paints at most REPLAY_FPS times a second, and ends whole", () => {
  const many = Array.from({ length: 120 }, () => PACKED.slice(0, 32)).join("");
  const { painter, model, screen, clock, shown } = board(many, { replays: 0, replay_seconds: 2 });
  painter.start();
  model.set("replays", 1);
  shown.length = 0;
  painter.replay();
  clock.advance(1000);  // 62 frames of the display in one second
  const paintings = shown.filter((n) => n > 0).length;
  assert.ok(paintings <= REPLAY_FPS + 1 && paintings >= REPLAY_FPS - 2, `${paintings} paintings in a second`);
  clock.advance(1100);
  assert.equal(shown[shown.length - 1], decode(model.get("strokes"), 8).length);  // every stroke, at the end
  assert.deepEqual(clock.pending(), []);
});

test("a replay of no seconds paints the drawing whole, at once, with no frame asked for", () => {
  // A phone's reveal (student.py, PHONE_REPLAY_SECONDS): the projector replays, the phone shows.
  const many = Array.from({ length: 120 }, () => PACKED.slice(0, 32)).join("");
  const { model, shown, clock, view } = board(many, { replays: 1, replay_seconds: 0 });
  view().start();
  assert.deepEqual(shown, [0, 120]);  // blanked, then every stroke in one painting
  assert.deepEqual(clock.pending(), []);
  model.set("replays", 2);  // the next drawing of the reveal, moved on in place
  const next = view();
  next.replay();
  assert.deepEqual(shown.slice(2), [0, 120]);
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

test("a board that fits is painted for the size it is shown at, never above its own", () => {
  const board = { width: 800, height: 600 };
  assert.deepEqual(fittedSize(400, 1, board), { width: 400, height: 300, scale: 0.5 });
  assert.deepEqual(fittedSize(400, 1.5, board), { width: 600, height: 450, scale: 0.75 });
  assert.deepEqual(fittedSize(1200, 1, board), { width: 800, height: 600, scale: 1 });
  assert.equal(fittedSize(0, 1, board).width, 1);
});

test("fitting a canvas sizes it and scales its context, once per size", () => {
  const canvas = { width: 800, height: 600 };
  const ctx = new FakeContext("screen");
  assert.equal(fitCanvas(canvas, ctx, 320, 1, { width: 800, height: 600 }), true);
  assert.deepEqual([canvas.width, canvas.height], [320, 240]);
  assert.deepEqual(ctx.log, [["setTransform", 0.4, 0, 0, 0.4, 0, 0]]);
  assert.equal(fitCanvas(canvas, ctx, 320, 1, { width: 800, height: 600 }), false);  // the same size: kept as painted
  assert.equal(ctx.log.length, 1);
});

test("a canvas shown a little smaller or larger is kept as painted, within the share it may move", () => {
  const board = { width: 800, height: 600 };
  const canvas = { width: 308, height: 231 };
  const ctx = new FakeContext("screen");
  // The projector's tiles at the find phase: 308 px painted ahead, shown at 305 px (1 %).
  assert.equal(fitCanvas(canvas, ctx, 305, 1, board, REFIT_SHARE), false);
  assert.equal(fitCanvas(canvas, ctx, 316, 1, board, REFIT_SHARE), false);
  assert.deepEqual([canvas.width, canvas.height, ctx.log.length], [308, 231, 0]);
  assert.equal(fitCanvas(canvas, ctx, 290, 1, board, REFIT_SHARE), true);  // 6 % smaller: painted again
  assert.deepEqual([canvas.width, canvas.height], [290, 218]);
  assert.equal(fitCanvas(canvas, ctx, 288, 1, board), true);  // without a share, any change
  assert.ok(REFIT_SHARE > 0 && REFIT_SHARE <= 0.05);  // scaled by more, a line drawing blurs
});
