// The ink overlay's stroke handling (incognito_nb/ui/widgets/ink.js), driven with a fake
// model, storage and clock: what goes to Python in which batches, which ids strokes take,
// what is wiped when Python settles, and what the browser keeps until then.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeClock, FakeModel, FakeStorage, RefusingStorage } from "./fakes.mjs";
import { keep, kept, KEY_LONG_STEP, KEY_STEP, KeyPen, LiveInk, PAPER, STORAGE_PREFIX, waitingText } from "../../incognito_nb/ui/widgets/ink.js";

// The InkLayer's traits as Python sets them (its constants: BATCH_MS, HOLD_MS, ...).
const TRAITS = {
  color: "#000000", width: 4, erase: false, settled: 0, hold_ms: 500, batch_ms: 100,
  early_flush_points: 1000, wait_ms: 2500, max_recovered: 500, recovery_key: "", locale: "en", min_step: 2, room: -1,
  waiting_texts: { one: "{n} stroke not saved yet", other: "{n} strokes not saved yet" },
};

function overlay(traits = {}, { session = "this-page", storage = new FakeStorage() } = {}) {
  const model = new FakeModel({ ...TRAITS, ...traits });
  const clock = new FakeClock();
  const drawn = [];
  const paper = {
    dot: (s, x, y) => drawn.push(["dot", x, y, s.color]),
    segment: (s, i) => drawn.push(["segment", i]),
    redraw: (strokes) => drawn.push(["redraw", [...strokes.keys()]]),
  };
  const ink = new LiveInk(model, { storage: () => storage, session, paper, clock });
  return { ink, model, clock, storage, drawn };
}

function draw(ink, points, { pointerId = 1 } = {}) {  // one stroke, pen down to pen up
  const [first, ...rest] = points;
  ink.begin(pointerId, first);
  if (rest.length) ink.extend(rest.map(([x, y]) => [x, y, 0.5]));
  ink.finish();
}

const stored = (storage, key) => JSON.parse(storage.getItem(STORAGE_PREFIX + key) || "[]");

// ------------------------------------------------------------------ batches

test("a short stroke goes in one batch that says its pen", () => {
  const { ink, model } = overlay({ color: "#d55e00", width: 8 });
  draw(ink, [[10, 10], [20, 20], [30, 25]]);
  assert.deepEqual(model.sent, [
    { stroke: 1, seq: 0, points: [10, 10, 20, 20, 30, 25], end: true, color: "#d55e00", width: 8, erase: false },
  ]);
});

test("points closer than min_step to the last one kept are not kept", () => {
  const { ink, model, drawn } = overlay();
  draw(ink, [[10, 10], [10.2, 10.3], [11, 10], [11.5, 11.5], [12.5, 10.5], [14, 10]]);
  assert.deepEqual(model.sent[0].points, [10, 10, 11.5, 11.5, 14, 10]);
  assert.deepEqual(drawn.map((d) => d[0]), ["dot", "segment", "segment"]);
});

test("a fast pointer's many samples keep a point per min_step of line, whatever its rate", () => {
  for (const rate of [60, 240, 1000]) {
    const { ink, model } = overlay();
    const samples = Array.from({ length: rate }, (_, i) => [10 + (300 * (i + 1)) / rate, 100]);  // 300 units in 1 s
    draw(ink, [[10, 100], ...samples]);
    const kept = model.sent.reduce((n, b) => n + b.points.length / 2, 0);
    assert.ok(kept <= 1 + 300 / 2 && kept >= Math.min(rate, 300 / 2.5), `${rate} Hz kept ${kept}`);
  }
});

// ------------------------------------------------------------------ the drawing's cap

test("the pen stops inking where the board's room ends, and the stroke so far is sent", () => {
  const { ink, model, drawn } = overlay({ room: 3 });
  draw(ink, [[0, 0], [10, 0], [20, 0], [30, 0], [40, 0]]);
  assert.deepEqual(model.sent.map((b) => b.points), [[0, 0, 10, 0, 20, 0]]);
  assert.deepEqual(drawn.map((d) => d[0]), ["dot", "segment", "segment"]);
});

test("on a full board a stroke does not begin: nothing is inked or sent", () => {
  const { ink, model, drawn } = overlay({ room: 0 });
  assert.equal(ink.begin(1, [5, 5]), false);
  assert.equal(ink.pen, null);
  assert.deepEqual([model.sent, drawn], [[], []]);
});

test("strokes not settled yet count against the room; settling and a larger room free it", () => {
  const { ink, model } = overlay({ room: 4 });
  draw(ink, [[0, 0], [10, 0], [20, 0]]);  // 3 points, not settled
  draw(ink, [[0, 50], [10, 50], [20, 50]]);  // 1 point of room left
  assert.deepEqual(model.sent[1].points, [0, 50]);
  assert.equal(ink.begin(1, [0, 90]), false);
  model.set("room", 2);  // Python took the first strokes (4 points): 2 points left on its board
  model.set("settled", 2);
  ink.settle();
  draw(ink, [[0, 100], [10, 100], [20, 100]]);
  assert.deepEqual(model.sent[2].points, [0, 100, 10, 100]);
  model.set("room", -1);  // no cap
  model.set("settled", 3);
  ink.settle();
  draw(ink, [[0, 200], [10, 200], [20, 200]]);
  assert.deepEqual(model.sent[3].points, [0, 200, 10, 200, 20, 200]);
});

test("while the pen is down what waits goes every hold_ms, and only the first batch says the pen", () => {
  const { ink, model, clock } = overlay();
  ink.begin(1, [0, 0]);
  ink.extend([[5, 5, 0.5]]);
  clock.advance(500);
  ink.extend([[9, 9, 0.5]]);
  ink.finish();
  assert.deepEqual(model.sent, [
    { stroke: 1, seq: 0, points: [0, 0, 5, 5], end: false, color: "#000000", width: 4, erase: false },
    { stroke: 1, seq: 1, points: [9, 9], end: true },
  ]);
});

test("a pen held still sends no empty batch until it is lifted", () => {
  const { ink, model, clock } = overlay();
  ink.begin(1, [0, 0]);
  clock.advance(500);
  clock.advance(500);
  assert.equal(model.sent.length, 1);
  ink.finish();
  assert.deepEqual(model.sent.map((b) => [b.seq, b.points, b.end]), [[0, [0, 0], false], [1, [], true]]);
});

test("batches go at most every batch_ms, whatever hold_ms says", () => {
  const { ink, clock } = overlay({ hold_ms: 10 });
  ink.begin(1, [0, 0]);
  assert.deepEqual(clock.pending(), [100]);
});

test("a lifted pen stops the timer", () => {
  const { ink, clock } = overlay();
  draw(ink, [[0, 0], [5, 5]]);
  assert.deepEqual(clock.pending(), []);
});

test("many waiting points go early, but not sooner than batch_ms after the last batch", () => {
  const { ink, model, clock } = overlay({ early_flush_points: 3, min_step: 0.5 });
  ink.begin(1, [0, 0]);
  ink.extend([[1, 0, 0], [2, 0, 0], [3, 0, 0]]);
  assert.equal(model.sent.length, 0, "too soon after the stroke began");
  clock.advance(100);
  ink.extend([[4, 0, 0]]);
  assert.deepEqual(model.sent.map((b) => b.points), [[0, 0, 1, 0, 2, 0, 3, 0, 4, 0]]);
  ink.extend([[5, 0, 0], [6, 0, 0]]);
  assert.equal(model.sent.length, 1, "two points wait: fewer than early_flush_points");
});

test("a pen's pressure travels rounded, one number per point", () => {
  const { ink, model } = overlay();
  ink.begin(1, [0, 0], 0.333);
  ink.extend([[5, 5, 0.756], [5.1, 5.1, 0.9], [9, 9, 1]]);
  ink.finish();
  assert.deepEqual(model.sent[0].pressure, [0.33, 0.76, 1]);
});

test("a mouse or a finger sends no pressure", () => {
  const { ink, model } = overlay();
  draw(ink, [[0, 0], [5, 5]]);
  assert.equal("pressure" in model.sent[0], false);
});

test("the eraser is drawn in the paper's colour and sent as erasing with the pen's colour", () => {
  const { ink, model, drawn } = overlay({ erase: true, color: "#0072b2", width: 24 });
  draw(ink, [[0, 0], [5, 5]]);
  assert.deepEqual(drawn[0], ["dot", 0, 0, PAPER]);
  assert.deepEqual([model.sent[0].color, model.sent[0].width, model.sent[0].erase], ["#0072b2", 24, true]);
});

// ------------------------------------------------------------------ ids

test("strokes are numbered one by one from the last settled one", () => {
  const { ink, model } = overlay({ settled: 41 });
  draw(ink, [[0, 0]]);
  draw(ink, [[1, 1]]);
  assert.deepEqual(model.sent.map((b) => b.stroke), [42, 43]);
});

test("a stroke after Python settled strokes of an earlier page is numbered past them", () => {
  const { ink, model } = overlay();
  draw(ink, [[0, 0]]);
  model.traits.settled = 7;  // a stroke drawn from Python, say
  draw(ink, [[1, 1]]);
  assert.deepEqual(model.sent.map((b) => b.stroke), [1, 8]);
});

test("an id is never used twice, even if settled goes back", () => {
  const { ink, model } = overlay({ settled: 5 });
  draw(ink, [[0, 0]]);
  model.traits.settled = 0;
  draw(ink, [[1, 1]]);
  assert.deepEqual(model.sent.map((b) => b.stroke), [6, 7]);
});

// ------------------------------------------------------------------ settling

test("settling wipes the strokes up to the settled id, and only those", () => {
  const { ink, model, drawn } = overlay();
  draw(ink, [[0, 0]]);
  draw(ink, [[1, 1]]);
  draw(ink, [[2, 2]]);
  model.traits.settled = 2;
  ink.settle();
  assert.deepEqual([...ink.strokes.keys()], [3]);
  assert.deepEqual(drawn.at(-1), ["redraw", [3]]);
});

test("settling nothing new draws nothing again", () => {
  const { ink, drawn } = overlay();
  draw(ink, [[0, 0]]);
  const before = drawn.length;
  ink.settle();
  assert.equal(drawn.length, before);
});

test("a stroke in progress that Python settled (dropped) ends the pen", () => {
  const { ink, model, clock } = overlay();
  ink.begin(1, [0, 0]);
  model.traits.settled = 1;
  ink.settle();
  assert.equal(ink.pen, null);
  assert.deepEqual(clock.pending(), []);
});

test("strokes sent and not settled for wait_ms are counted as waiting", () => {
  const { ink, model, clock } = overlay();
  draw(ink, [[0, 0]]);
  ink.begin(1, [1, 1]);  // still drawing: not waiting
  clock.advance(2500);
  assert.equal(ink.waiting(), 0, "not longer than wait_ms yet");
  clock.advance(1);
  assert.equal(ink.waiting(), 1);
  model.traits.settled = 1;
  ink.settle();
  assert.equal(ink.waiting(), 0);
});

test("the waiting badge speaks the page's plural rules and numbers", () => {
  const forms = { one: "{n} stroke waits", other: "{n} strokes wait" };
  assert.equal(waitingText(1, "en", forms), "1 stroke waits");
  assert.equal(waitingText(1234, "en", forms), "1,234 strokes wait");
  assert.equal(waitingText(1234, "de", { one: "{n} Strich", other: "{n} Striche" }), "1.234 Striche");
  assert.equal(waitingText(2, "pl", { one: "x", few: "{n} kreski", other: "y" }), "2 kreski");
  assert.equal(waitingText(3, "en", { one: "{n}" }), "", "no form for the category, nor 'other'");
});

// ------------------------------------------------------------------ kept in the browser

test("without a recovery key the browser keeps nothing", () => {
  const { ink, storage } = overlay();
  draw(ink, [[0, 0], [5, 5]]);
  assert.equal(storage.length, 0);
});

test("a finished stroke is kept under the pad's key until it is settled", () => {
  const { ink, model, storage } = overlay({ recovery_key: "ABCD:2:1", color: "#009e73", width: 8 });
  ink.begin(1, [0, 0]);
  ink.extend([[5, 5, 0]]);
  assert.deepEqual(stored(storage, "ABCD:2:1"), [], "a stroke in progress is not kept");
  ink.finish();
  draw(ink, [[9, 9]]);
  assert.deepEqual(stored(storage, "ABCD:2:1"), [
    { session: "this-page", id: 1, xy: [0, 0, 5, 5], color: "#009e73", width: 8, erase: false },
    { session: "this-page", id: 2, xy: [9, 9], color: "#009e73", width: 8, erase: false },
  ]);
  model.traits.settled = 1;
  ink.settle();
  assert.deepEqual(stored(storage, "ABCD:2:1").map((s) => s.id), [2]);
  model.traits.settled = 2;
  ink.settle();
  assert.equal(storage.getItem(STORAGE_PREFIX + "ABCD:2:1"), null, "nothing left: the entry goes");
});

test("settling forgets only this page's strokes, never an earlier page's", () => {
  const earlier = { session: "earlier-page", id: 1, xy: [3, 3], color: "#000000", width: 4, erase: false };
  const storage = new FakeStorage({ [STORAGE_PREFIX + "K"]: JSON.stringify([earlier]) });
  const { ink, model } = overlay({ recovery_key: "K" }, { storage });
  draw(ink, [[0, 0]]);
  model.traits.settled = 1;
  ink.settle();
  assert.deepEqual(stored(storage, "K"), [earlier]);
});

test("an earlier page's strokes are sent back to Python, this page's are not", () => {
  const strokes = [
    { session: "old-1", id: 1, xy: [1, 1], color: "#000000", width: 4, erase: false },
    { session: "this-page", id: 2, xy: [2, 2], color: "#000000", width: 4, erase: false },
    { session: "old-2", id: 1, xy: [3, 3, 4, 4], color: "#0072b2", width: 24, erase: true },
  ];
  const storage = new FakeStorage({ [STORAGE_PREFIX + "K"]: JSON.stringify(strokes) });
  const { ink, model } = overlay({ recovery_key: "K" }, { storage });
  ink.recover();
  assert.deepEqual(model.sent, [{
    recover: [
      { points: [1, 1], color: "#000000", width: 4, erase: false },
      { points: [3, 3, 4, 4], color: "#0072b2", width: 24, erase: true },
    ],
    sessions: ["old-1", "old-2"],
  }]);
});

test("strokes kept under another key (the game before Play again) are neither sent back nor forgotten", () => {
  const old = { session: "old-game-page", id: 1, xy: [5, 5], color: "#000000", width: 4, erase: false };
  const storage = new FakeStorage({ [STORAGE_PREFIX + "OLD-GAME-ROUND-1"]: JSON.stringify([old]) });
  const { ink, model } = overlay({ recovery_key: "NEW-GAME-ROUND-1" }, { storage });
  ink.recover();
  assert.deepEqual(model.sent, []);
  draw(ink, [[0, 0]]);
  model.traits.settled = 1;
  ink.settle();
  assert.deepEqual(stored(storage, "OLD-GAME-ROUND-1"), [old]);
});

test("every kept stroke goes back, in messages of at most max_recovered strokes naming their own pages", () => {
  // One message naming all five pages for its two strokes: Python took the two, the browser then
  // forgot the strokes of all five pages, and three strokes were lost.
  const strokes = Array.from({ length: 5 }, (_, i) => (
    { session: `old-${i}`, id: 1, xy: [i, i], color: "#000000", width: 4, erase: false }));
  const storage = new FakeStorage({ [STORAGE_PREFIX + "K"]: JSON.stringify(strokes) });
  const { ink, model } = overlay({ recovery_key: "K", max_recovered: 2 }, { storage });
  ink.recover();
  assert.deepEqual(model.sent.map((m) => m.recover.map((s) => s.points[0])), [[0, 1], [2, 3], [4]]);
  assert.deepEqual(model.sent.map((m) => m.sessions), [["old-0", "old-1"], ["old-2", "old-3"], ["old-4"]]);
});

test("nothing kept, or no key, sends nothing back", () => {
  const { ink, model } = overlay({ recovery_key: "K" });
  ink.recover();
  model.traits.recovery_key = "";
  ink.recover();
  assert.deepEqual(model.sent, []);
});

test("the strokes of the sessions Python took are forgotten", () => {
  const strokes = [
    { session: "old-1", id: 1, xy: [1, 1], color: "#000000", width: 4, erase: false },
    { session: "old-2", id: 1, xy: [2, 2], color: "#000000", width: 4, erase: false },
  ];
  const storage = new FakeStorage({ [STORAGE_PREFIX + "K"]: JSON.stringify(strokes) });
  const { ink } = overlay({ recovery_key: "K" }, { storage });
  ink.forget(["old-1"]);
  assert.deepEqual(stored(storage, "K").map((s) => s.session), ["old-2"]);
});

test("a storage that is full or switched off loses the copy, never the stroke", () => {
  const storage = new RefusingStorage({}, { reads: true });
  const { ink, model } = overlay({ recovery_key: "K" }, { storage });
  draw(ink, [[0, 0], [5, 5]]);
  ink.recover();
  model.traits.settled = 1;
  ink.settle();
  assert.equal(model.sent.length, 1);
  assert.deepEqual(kept(() => storage, "K"), []);
  assert.doesNotThrow(() => keep(() => { throw new Error("SecurityError"); }, "K", [{}]));
});

test("what was kept but cannot be read counts as nothing kept", () => {
  const storage = new FakeStorage({ [STORAGE_PREFIX + "K"]: "{not json" });
  assert.deepEqual(kept(() => storage, "K"), []);
});

// ------------------------------------------------------------------ kept until the record has it

test("a stroke settled but not kept stays in the browser: the store does not have it yet", () => {
  const { ink, model, storage, drawn } = overlay({ recovery_key: "K", kept: 0 });
  draw(ink, [[0, 0], [5, 5]]);
  draw(ink, [[9, 9]]);
  model.traits.settled = 2;  // the kernel drew both on the board of record...
  ink.settle();
  assert.deepEqual([...ink.strokes.keys()], [], "...so the live ink is wiped");
  assert.deepEqual(drawn.at(-1), ["redraw", []]);
  assert.deepEqual(stored(storage, "K").map((s) => s.id), [1, 2], "but the browser keeps its copies");
  model.traits.kept = 1;  // the store took the first
  ink.keepUntilKept();
  assert.deepEqual(stored(storage, "K").map((s) => s.id), [2]);
  model.traits.kept = 2;
  ink.keepUntilKept();
  assert.equal(storage.getItem(STORAGE_PREFIX + "K"), null);
});

test("kept forgets only this page's copies, and a page reloaded before it sends them back", () => {
  const earlier = { session: "earlier-page", id: 1, xy: [3, 3], color: "#000000", width: 4, erase: false };
  const storage = new FakeStorage({ [STORAGE_PREFIX + "K"]: JSON.stringify([earlier]) });
  const { ink, model } = overlay({ recovery_key: "K", kept: 0 }, { session: "old-page", storage });
  draw(ink, [[0, 0]]);
  model.traits.settled = 1;
  ink.settle();
  model.traits.kept = 1;
  ink.keepUntilKept();
  assert.deepEqual(stored(storage, "K"), [earlier], "the earlier page's stroke is not this page's to forget");
  draw(ink, [[7, 7]]);  // stroke 2: settled, never kept (the store is down)...
  model.traits.settled = 2;
  ink.settle();
  const reloaded = overlay({ recovery_key: "K", kept: 0 }, { session: "new-page", storage });
  reloaded.ink.recover();  // ...so the next page of this browser sends it back
  assert.deepEqual(reloaded.model.sent[0].recover.map((s) => s.points), [[3, 3], [7, 7]]);
  assert.deepEqual(reloaded.model.sent[0].sessions, ["earlier-page", "old-page"]);
});

// ------------------------------------------------------------------ the keyboard's pen

test("the arrow keys move the keyboard's cursor from the board's middle, further with Shift, never off the board", () => {
  const { ink, model } = overlay();
  const keys = new KeyPen(ink);
  assert.deepEqual(keys.at, [400, 300]);
  assert.equal(keys.press("ArrowRight"), "moved");
  assert.equal(keys.press("ArrowUp", true), "moved");
  assert.deepEqual(keys.at, [400 + KEY_STEP, 300 - KEY_LONG_STEP]);
  for (let i = 0; i < 100; i++) keys.press("ArrowLeft", true);
  assert.deepEqual(keys.at, [0, 300 - KEY_LONG_STEP]);
  assert.deepEqual(model.sent, []);  // the pen is up: nothing is drawn
});

test("Space puts the keyboard's pen down and lifts it: one stroke through every point the arrows reached", () => {
  const { ink, model } = overlay({ color: "#d55e00", width: 8 });
  const keys = new KeyPen(ink);
  assert.equal(keys.press(" "), "down");
  keys.press("ArrowRight");
  keys.press("ArrowRight");
  keys.press("ArrowDown", true);
  assert.equal(keys.press("Enter"), "up");
  assert.deepEqual(model.sent, [{ stroke: 1, seq: 0, points: [400, 300, 410, 300, 420, 300, 420, 340], end: true,
                                  color: "#d55e00", width: 8, erase: false }]);
  keys.press("ArrowUp");
  assert.equal(model.sent.length, 1);  // moving with the pen up draws nothing
  assert.equal(keys.press(" "), "down");
  assert.equal(keys.press("Escape"), "up");  // Escape lifts it too: a dot
  assert.deepEqual(model.sent[1].points, [420, 330]);
  assert.equal(keys.press("Escape"), null);
  assert.equal(keys.press("a"), null);
});

test("the keyboard's pen leaves a pointer's stroke alone, and lifts when asked", () => {
  const { ink, model } = overlay();
  const keys = new KeyPen(ink);
  ink.begin(1, [10, 10]);
  assert.equal(keys.press(" "), null);  // a finger is drawing: Space does not start a second stroke
  assert.equal(keys.lift(), null);
  ink.finish();
  keys.press(" ");
  assert.equal(keys.lift(), "up");
  assert.equal(model.sent.length, 2);
});

test("on a full board the keyboard's pen does not go down, and a stroke that fills it lifts the pen", () => {
  const { ink, model } = overlay({ room: 0 });
  assert.equal(new KeyPen(ink).press(" "), "full");
  assert.deepEqual(model.sent, []);
  const roomy = overlay({ room: 3 });
  const keys = new KeyPen(roomy.ink);
  keys.press(" ");
  assert.equal(keys.press("ArrowRight"), "moved");
  assert.equal(keys.press("ArrowRight"), "full");
  assert.equal(keys.down, false);
  assert.deepEqual(roomy.model.sent[0].points, [400, 300, 410, 300, 420, 300]);
});
