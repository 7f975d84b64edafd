// The phone's find screen (incognito_nb/ui/widgets/find_phone.js): the canvas sized for the
// board as it is shown, the way through the drawings, each drawing decoded once, and the
// cards' CSS hooks (the same as voting.js's).
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeContext, FakeModel } from "./fakes.mjs";
import {
  canvasSize, Drawings, moved,
} from "../../incognito_nb/ui/widgets/find_phone.js";
import { paintBoard } from "../../incognito_nb/ui/widgets/painted_board.js";
import { cardClasses, shape } from "../../incognito_nb/ui/widgets/voting.js";

// pack_strokes([Stroke([(1, 2), (3.5, 4)], color="#0072b2", width=10), Stroke([(5, 5)], erase=True)])
const PACKED = "0072b2000a000200080010001c002000000000010400010028002800";
const bytes = (hex) => new DataView(Uint8Array.from(hex.match(/../g), (h) => parseInt(h, 16)).buffer);
const BOARD = { width: 800, height: 600, paper: "#ffffff", border: "#767676" };


test("a board shown 350 px wide is painted on a canvas of its shown size, not 800 x 600", () => {
  assert.deepEqual(canvasSize(350, 1, BOARD), { width: 350, height: 263, scale: 350 / 800 });
  assert.deepEqual(canvasSize(350, 2, BOARD), { width: 700, height: 525, scale: 700 / 800 });
  assert.deepEqual(canvasSize(0, 0, BOARD).width, 1);  // never a canvas of no pixels
});

test("the board is painted scaled to its canvas: paper, strokes, then the border", () => {
  const ctx = new FakeContext();
  const size = canvasSize(400, 1, BOARD);
  paintBoard(ctx, [{ color: "#0072b2", width: 10, erase: false, points: [1, 2, 3.5, 4] }], BOARD, size);
  assert.deepEqual(ctx.log[0], ["setTransform", 0.5, 0, 0, 0.5, 0, 0]);
  const ops = ctx.log.map(([op]) => op);
  assert.ok(ops.indexOf("fillRect") < ops.indexOf("moveTo") && ops.indexOf("moveTo") < ops.lastIndexOf("strokeRect"));
  assert.ok(ctx.log.some(([op, ...args]) => op === "fillRect" && args.join() === "0,0,800,600"));
});

test("Previous and Next stop at the first and the last drawing", () => {
  assert.equal(moved(0, -1, 5), 0);
  assert.equal(moved(0, 1, 5), 1);
  assert.equal(moved(4, 1, 5), 4);
  assert.equal(moved(7, 0, 5), 4);  // fewer rows than before: the last one
  assert.equal(moved(2, -1, 5), 1);
});

test("a drawing is decoded when first shown, and again only when its buffer changes", () => {
  const first = bytes(PACKED), second = bytes(PACKED.slice(0, 32));
  const model = new FakeModel({ boards: [first, second], scale: 8 });
  const drawings = new Drawings(model);
  const once = drawings.strokes(0);
  assert.equal(once.length, 2);
  assert.equal(drawings.strokes(0), once);  // the same array: not decoded again
  assert.equal(drawings.strokes(1).length, 1);
  assert.equal(drawings.cache.size, 2);
  model.set("boards", [second, second]);
  assert.equal(drawings.strokes(0).length, 1);
});

test("the phone's cards are voting.js's (the same CSS hooks), and the rows' shape names seats and cards", () => {
  assert.match(cardClasses({ number: 3, selected: true }), /inc-card-3 .*inc-card-selected/);
  assert.equal(shape([{ seat: 2, cards: [1, 2] }, { seat: 4, cards: [1] }]), "2:2,4:1");
});
