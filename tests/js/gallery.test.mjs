// The gallery (incognito_nb/ui/widgets/gallery.js): each board's canvas sized for the tile as
// it is shown on the projector (its own 800 x 600 elsewhere), and painted as the other
// boards are: the paper, the strokes, then the border, scaled to the canvas.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeContext, FakeModel } from "./fakes.mjs";
import { boardOf, needsPainting, tileSize } from "../../incognito_nb/ui/widgets/gallery.js";
import { paintBoard, sameBytes } from "../../incognito_nb/ui/widgets/painted_board.js";

const BOARD = { width: 800, height: 600, paper: "#ffffff", border: "#767676" };


test("a projected tile 305 px wide is painted on a canvas of 305 x 229, not 800 x 600", () => {
  assert.deepEqual(tileSize(true, 305, 1, BOARD), { width: 305, height: 229, scale: 305 / 800 });
  assert.deepEqual(tileSize(true, 305, 2, BOARD), { width: 610, height: 458, scale: 610 / 800 });
  assert.equal(tileSize(true, 1200, 2, BOARD).width, 800);  // never more pixels than the board's own
});

test("a tile that does not fit (table mode) is painted at the board's own size", () => {
  assert.deepEqual(tileSize(false, 305, 2, BOARD), { width: 800, height: 600, scale: 1 });
});

test("a tile is painted scaled to its canvas: paper, strokes, then the border", () => {
  const ctx = new FakeContext();
  paintBoard(ctx, [{ color: "#0072b2", width: 10, erase: false, points: [1, 2, 3.5, 4] }], BOARD,
             tileSize(true, 400, 1, BOARD));
  assert.deepEqual(ctx.log[0], ["setTransform", 0.5, 0, 0, 0.5, 0, 0]);
  const ops = ctx.log.map(([op]) => op);
  assert.ok(ops.indexOf("fillRect") < ops.indexOf("moveTo") && ops.indexOf("moveTo") < ops.lastIndexOf("strokeRect"));
});

test("the board spec comes from the widget's synced traits", () => {
  const model = new FakeModel({ board_width: 800, board_height: 600, paper: "#fff", border: "#777" });
  assert.deepEqual(boardOf(model), { width: 800, height: 600, paper: "#fff", border: "#777" });
});

test("a board sent again with the same bytes is the same board; one byte more or changed is not", () => {
  const board = new Uint8Array([0, 114, 178, 0, 10, 0, 1, 0, 8, 0, 16, 0]);
  assert.ok(sameBytes(new DataView(board.buffer), new DataView(board.slice().buffer)));
  assert.ok(!sameBytes(board, new Uint8Array([...board, 0])));
  const changed = board.slice();
  changed[9] = 1;
  assert.ok(!sameBytes(board, changed));
  assert.ok(!sameBytes(undefined, board) && sameBytes(new Uint8Array(0), new ArrayBuffer(0)));
});

test("a tile painted ahead stays as painted when it is shown a little smaller, not when much", () => {
  // 1280 x 720, six students: painted ahead at 308 px, shown at the find phase at 305 px.
  assert.equal(needsPainting(true, 308, tileSize(true, 305, 1, BOARD)), false);
  assert.equal(needsPainting(true, 308, tileSize(true, 290, 1, BOARD)), true);
  assert.equal(needsPainting(true, 308, tileSize(true, 330, 1, BOARD)), true);
  // Never painted: a new canvas is 300 px wide by default, which says nothing.
  assert.equal(needsPainting(false, 300, tileSize(true, 305, 1, BOARD)), true);
});
