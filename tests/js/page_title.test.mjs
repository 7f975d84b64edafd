// The page's title and the document's language, set from Python (incognito_nb/ui/widgets/page_title.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeModel } from "./fakes.mjs";
import pageTitle from "../../incognito_nb/ui/widgets/page_title.js";

test("the document takes the page's title and language, and follows a change of language", () => {
  globalThis.document = { title: "student", documentElement: { lang: "" } };
  try {
    const model = new FakeModel({ title: "Incognito", language: "de" });
    pageTitle.render({ model, el: { style: {} } });
    assert.equal(document.title, "Incognito");
    assert.equal(document.documentElement.lang, "de");  // hyphens: auto and screen readers read it
    model.set("language", "es");
    assert.equal(document.documentElement.lang, "es");
    model.set("language", "");  // no language given: the document keeps its own
    assert.equal(document.documentElement.lang, "es");
  } finally {
    delete globalThis.document;
  }
});
