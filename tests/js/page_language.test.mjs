// The page's ?lang=, told to Python once (incognito_nb/ui/widgets/page_language.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeModel } from "./fakes.mjs";
import pageLanguage, { askedLanguage } from "../../incognito_nb/ui/widgets/page_language.js";

test("only the lang parameter is read from the page's query, cut short", () => {
  assert.equal(askedLanguage("?code=K7QXM&lang=es&token=secret"), "es");
  assert.equal(askedLanguage("?lang=%20de%20"), "de");
  assert.equal(askedLanguage("?theme=dark"), "");
  assert.equal(askedLanguage(""), "");
  assert.equal(askedLanguage("?lang=" + "x".repeat(100)).length, 16);
});

test("the view tells Python the page's language once, and nothing when the page asks none", () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "location");
  try {
    Object.defineProperty(globalThis, "location", { value: { search: "?lang=de&token=abc" }, configurable: true });
    const model = new FakeModel();
    const el = { style: {} };
    pageLanguage.render({ model, el });
    assert.deepEqual(model.sent, [{ lang: "de" }]);  // the token stays in the page
    assert.equal(el.style.display, "none");
    Object.defineProperty(globalThis, "location", { value: { search: "" }, configurable: true });
    const quiet = new FakeModel();
    pageLanguage.render({ model: quiet, el: { style: {} } });
    assert.deepEqual(quiet.sent, []);
  } finally {
    if (saved) Object.defineProperty(globalThis, "location", saved);
    else delete globalThis.location;
  }
});
