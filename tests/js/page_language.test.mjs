// The page's ?lang=, told to Python once (incognito_nb/ui/widgets/page_language.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeModel } from "./fakes.mjs";
import pageLanguage, { askedLanguage, browserLanguages } from "../../incognito_nb/ui/widgets/page_language.js";

test("only the lang parameter is read from the page's query, cut short", () => {
  assert.equal(askedLanguage("?code=K7QXM&lang=es&token=secret"), "es");
  assert.equal(askedLanguage("?lang=%20de%20"), "de");
  assert.equal(askedLanguage("?theme=dark"), "");
  assert.equal(askedLanguage(""), "");
  assert.equal(askedLanguage("?lang=" + "x".repeat(100)).length, 16);
});

test("the browser's own languages are read in its order, a few, each cut short", () => {
  assert.deepEqual(browserLanguages({ languages: ["es-MX", "en"], language: "es-MX" }), ["es-MX", "en"]);
  assert.deepEqual(browserLanguages({ languages: [], language: "de-AT" }), ["de-AT"]);
  assert.deepEqual(browserLanguages({ language: " fr " }), ["fr"]);
  assert.deepEqual(browserLanguages(undefined), []);
  assert.deepEqual(browserLanguages({ languages: [3, "", "x".repeat(40)] }), ["x".repeat(16)]);
  assert.equal(browserLanguages({ languages: Array(50).fill("de") }).length, 8);
});

test("the view tells Python the page's language once, else the browser's, never both", () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, "location");
  const savedNavigator = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  try {
    Object.defineProperty(globalThis, "navigator", { value: { languages: ["es-ES", "en"] }, configurable: true });
    Object.defineProperty(globalThis, "location", { value: { search: "?lang=de&token=abc" }, configurable: true });
    const model = new FakeModel();
    const el = { style: {} };
    pageLanguage.render({ model, el });
    assert.deepEqual(model.sent, [{ lang: "de" }]);  // the token stays in the page
    assert.equal(el.style.display, "none");
    Object.defineProperty(globalThis, "location", { value: { search: "" }, configurable: true });
    const browser = new FakeModel();
    pageLanguage.render({ model: browser, el: { style: {} } });
    assert.deepEqual(browser.sent, [{ browser: ["es-ES", "en"] }]);
    Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true });
    const quiet = new FakeModel();
    pageLanguage.render({ model: quiet, el: { style: {} } });
    assert.deepEqual(quiet.sent, []);
  } finally {
    if (saved) Object.defineProperty(globalThis, "location", saved);
    else delete globalThis.location;
    if (savedNavigator) Object.defineProperty(globalThis, "navigator", savedNavigator);
    else delete globalThis.navigator;
  }
});
