// The voting cards (incognito_nb/ui/widgets/voting.js): how a card's state becomes its
// button's classes, what a press says to Python, and when the panel is built again.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardClasses, pressed, shape } from "../../incognito_nb/ui/widgets/voting.js";

const card = (number, selected = false) => ({ number, label: String(number), tip: "", selected, disabled: false });

test("a numbered card is a button of its number; the placed one is primary and outlined", () => {
  assert.equal(cardClasses(card(3)), "jupyter-widgets jupyter-button widget-button inc-card inc-card-3");
  assert.equal(cardClasses(card(3, true)),
               "jupyter-widgets jupyter-button widget-button inc-card inc-card-3 mod-primary inc-card-selected");
});

test("no card is its own button, and shows as placed when no number lies on the drawing", () => {
  assert.equal(cardClasses(card(null, true)),
               "jupyter-widgets jupyter-button widget-button inc-card inc-card-none mod-primary inc-card-selected");
});

test("a press names the drawing by its artist's seat and the card by its number (null: none)", () => {
  assert.deepEqual(pressed(2, 5), { press: "card", seat: 2, number: 5 });
  assert.deepEqual(pressed(4, null), { press: "card", seat: 4, number: null });
});

test("on the static site's kernel no card arrives without its number, and its press still says null", () => {
  // Pyodide turns Python's None into undefined, which JSON leaves out of a message.
  const { number, ...noNumber } = card(null, true);
  assert.equal(cardClasses(noNumber),
               "jupyter-widgets jupyter-button widget-button inc-card inc-card-none mod-primary inc-card-selected");
  const sent = JSON.parse(JSON.stringify(pressed(4, noNumber.number)));
  assert.deepEqual(sent, { press: "card", seat: 4, number: null });
});

test("the panel is built again only when its rows change, not when a card moves", () => {
  const rows = [{ seat: 2, cards: [card(1), card(null)] }, { seat: 3, cards: [card(1), card(null)] }];
  const moved = [{ seat: 2, cards: [card(1, true), card(null)] }, { seat: 3, cards: [card(1), card(null)] }];
  assert.equal(shape(rows), shape(moved));
  assert.notEqual(shape(rows), shape(rows.slice(1)));
});
