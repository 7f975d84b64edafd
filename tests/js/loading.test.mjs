// The loading screen's logic (incognito_nb/app/page_template/voila/templates/incognito/loading.mjs):
// which language a page speaks, which steps it shows, and a bar that moves while nothing is heard.
import assert from "node:assert/strict";
import { test } from "node:test";

await import("../../incognito_nb/app/page_template/voila/templates/incognito/loading.mjs");
const { pickLanguage, describe, barValue, isDrawn, speaks, fileFolder } = globalThis.IncognitoLoading;

const TEXTS = { en: { title: "Ready", step: "Step {step} of {steps}", seconds: "{seconds} s", first_time: "first" },
                es: { title: "Listo", python: "Python", setup: "Partida", screen: "Pantalla",
                      step: "Paso {step} de {steps}", seconds: "{seconds} s" }, de: { title: "Bereit" } };

test("a page's ?lang= wins, then the server's language, then English", () => {
  assert.equal(pickLanguage("?lang=de", "es", TEXTS), "de");
  assert.equal(pickLanguage("?lang=DE", "", TEXTS), "de");
  assert.equal(pickLanguage("?lang=xx", "es", TEXTS), "es");
  assert.equal(pickLanguage("", "", TEXTS), "en");
  assert.equal(pickLanguage("?lang=<b>", "<script>", TEXTS), "en");
});

test("a server page shows three steps and the current one", () => {
  const now = describe(TEXTS.es, "voila", 1, 0);
  assert.deepEqual(now.steps.map((s) => [s.text, s.state]),
                   [["Python", "done"], ["Partida", "now"], ["Pantalla", "later"]]);
  assert.equal(now.counter, "Paso 2 de 3");
  assert.equal(now.elapsed, "");
  assert.equal(describe(TEXTS.es, "voila", 1, 7.6).elapsed, "7 s");
});

test("the static site shows its four steps and its note", () => {
  const now = describe(TEXTS.en, "lite", 0, 0);
  assert.equal(now.steps.length, 4);
  assert.equal(now.note, "first");
  assert.equal(describe(TEXTS.en, "voila", 0, 0).note, "");
});

test("the bar creeps within a step without reaching the next one", () => {
  assert.equal(barValue(0, 4, 0, 18), 0);
  const later = barValue(1, 4, 60, 18);
  assert.ok(later > barValue(1, 4, 5, 18) && later < 50, `${later}`);
  assert.ok(barValue(3, 4, 1000, 4) <= 100);
});

test("the page counts as drawn once a widget view is in the cells", () => {
  const found = [];
  const root = { querySelector: (selector) => (found.push(selector), null) };
  assert.equal(isDrawn(root), false);
  assert.match(found[0], /#rendered_cells \.jupyter-widgets/);
});

test("the static site's dashboard is ready once its root says it speaks the page's language", () => {
  const page = (classes) => ({ querySelector: (selector) => (
    selector === "#rendered_cells .inc-app" && classes ? { classList: { contains: (c) => classes.split(" ").includes(c) } } : null) });
  assert.equal(speaks(page(""), "es"), false);  // the root's box, its classes not there yet
  assert.equal(speaks(page("inc-app inc-lang-en"), "es"), false);  // drawn in English, not told yet
  assert.equal(speaks(page("inc-app inc-lang-es"), "es"), true);
  assert.equal(speaks(page("inc-app inc-lang-en-xa"), "en-XA"), true);
  assert.equal(speaks(page(""), ""), true);  // the page asked for no language
});

test("a page opened as a file knows its site's folder, on Linux and on Windows; a served one does not", () => {
  assert.equal(fileFolder("file:", "/media/usb/site/voici/render/play.html"), "/media/usb/site");
  assert.equal(fileFolder("file:", "/E:/Incognito%20site/voici/render/play.html"), "E:/Incognito site");
  assert.equal(fileFolder("http:", "/site/voici/render/play.html"), "");
  assert.equal(fileFolder("https:", "/voici/render/play.html"), "");
});
