// Whether the window is a phone's, told to Python (incognito_nb/ui/widgets/screen_size.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeModel } from "./fakes.mjs";
import screenSize from "../../incognito_nb/ui/widgets/screen_size.js";

// The browser's matchMedia for one window width: a query's answer, and its change events.
function fakeWindow(width) {
  const queries = [];
  globalThis.window = {
    matchMedia(text) {
      const limit = Number(/max-width: (\d+)px/.exec(text)[1]);
      const listeners = new Set();
      const query = {
        text, limit, listeners,
        get matches() { return width <= limit; },
        addEventListener(kind, listener) { if (kind === "change") listeners.add(listener); },
        removeEventListener(kind, listener) { if (kind === "change") listeners.delete(listener); },
      };
      queries.push(query);
      return query;
    },
  };
  return {
    queries,
    resize(to) {
      const before = queries.map((q) => q.matches);
      width = to;
      queries.forEach((q, i) => { if (q.matches !== before[i]) q.listeners.forEach((l) => l()); });
    },
  };
}

test("a phone's window says narrow at once, and says it again when the phone turns", () => {
  const screen = fakeWindow(390);
  try {
    const model = new FakeModel({ phone_width: 600, narrow: false });
    const saved = [];
    model.save_changes = () => saved.push(model.get("narrow"));
    const stop = screenSize.render({ model, el: { style: {} } });
    assert.equal(screen.queries[0].text, "(max-width: 600px)");
    assert.deepEqual(saved, [true]);
    screen.resize(844);  // turned on its side
    screen.resize(900);  // no change of answer: nothing sent
    screen.resize(390);
    assert.deepEqual(saved, [true, false, true]);
    stop();
    screen.resize(844);  // the view is gone: it no longer listens
    assert.deepEqual(saved, [true, false, true]);
  } finally {
    delete globalThis.window;
  }
});

test("a laptop's window sends nothing: the page starts wide", () => {
  fakeWindow(1280);
  try {
    const model = new FakeModel({ phone_width: 600, narrow: false });
    let saves = 0;
    model.save_changes = () => { saves += 1; };
    screenSize.render({ model, el: { style: {} } });
    assert.equal(saves, 0);
    assert.equal(model.get("narrow"), false);
  } finally {
    delete globalThis.window;
  }
});
