// The projected page's clicker and resting controls (incognito_nb/ui/widgets/show_controls.js),
// with stand-in key events and elements.
import assert from "node:assert/strict";
import { test } from "node:test";

import { STILL_PX, isNextKey, moved, nextButton } from "../../incognito_nb/ui/widgets/show_controls.js";

// A key event on a target inside (or not) a field.
const key = (name, { inField = false, onPad = false, ...rest } = {}) => ({
  key: name, repeat: false, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false,
  target: { closest: (selector) => ((inField && selector.includes("select")) || (onPad && selector.includes(".inc-pad"))
                                    ? {} : null) }, ...rest,
});

test("a clicker's next is → or Page Down, pressed once, with no modifier, outside a field", () => {
  assert.equal(isNextKey(key("ArrowRight")), true);
  assert.equal(isNextKey(key("PageDown")), true);
  assert.equal(isNextKey(key("ArrowLeft")), false, "there is no going back in a reveal");
  assert.equal(isNextKey(key(" ")), false, "Space presses the button in focus, not Next");
  assert.equal(isNextKey(key("ArrowRight", { repeat: true })), false, "a key held down moves on once");
  assert.equal(isNextKey(key("ArrowRight", { ctrlKey: true })), false);
  assert.equal(isNextKey(key("PageDown", { shiftKey: true })), false);
  assert.equal(isNextKey(key("ArrowRight", { inField: true })), false, "the language menu reads its arrows");
  assert.equal(isNextKey(key("ArrowRight", { onPad: true })), false, "a board's arrows move the keyboard's pen");
});

test("the clicker presses the stage's Next, and no Next it could not press", () => {
  const next = { disabled: false };
  const root = (button) => ({ querySelector: (selector) => (selector.includes(".inc-stage") ? button : null) });
  assert.equal(nextButton(root(next)), next);
  assert.equal(nextButton(root({ disabled: true })), null, "a page without the teacher's key cannot move the show");
  assert.equal(nextButton(root(null)), null);
});

test("a pointer wakes the controls when it moves, not when it trembles", () => {
  assert.equal(moved(null, { clientX: 5, clientY: 5 }), true, "the first move");
  assert.equal(moved({ x: 100, y: 100 }, { clientX: 101, clientY: 101 }), false);
  assert.equal(moved({ x: 100, y: 100 }, { clientX: 100 + STILL_PX, clientY: 100 }), true);
});
