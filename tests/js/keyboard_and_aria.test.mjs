// What the page's accessibility scripts do to the elements they find
// (incognito_nb/ui/widgets/page_aria.js, focus_guard.js), with stand-in elements.
import assert from "node:assert/strict";
import { test } from "node:test";

import { mark, mayHand } from "../../incognito_nb/ui/widgets/page_aria.js";
import { tooSoon } from "../../incognito_nb/ui/widgets/settled_row.js";
import { release } from "../../incognito_nb/ui/widgets/focus_guard.js";

// An element with attributes, a page it belongs to, and what its selectors find.
class Element {
  constructor(attributes = {}) {
    this.attributes = { ...attributes };
    this.app = null;
    this.found = {};
    this.changes = 0;
  }
  getAttribute(name) { return this.attributes[name] ?? null; }
  setAttribute(name, value) { this.attributes[name] = value; this.changes += 1; }
  closest() { return this.app; }
  querySelectorAll(selector) { return this.found[selector] || []; }
}

test("a page's parts become its landmarks and its title line its heading", () => {
  const app = new Element(), top = new Element(), stage = new Element(), header = new Element();
  for (const el of [top, stage, header]) el.app = app;
  app.found = { ".inc-top": [top], ".inc-stage": [stage], ".inc-header": [header] };
  mark(app);
  assert.deepEqual(top.attributes, { role: "banner" });
  assert.deepEqual(stage.attributes, { role: "main" });
  assert.deepEqual(header.attributes, { role: "heading", "aria-level": "1", tabindex: "-1" });
  mark(app);
  assert.equal(header.changes, 3, "marked again, nothing changes (the page's watcher would wake)");
});

test("a page inside a page is left to mark its own parts", () => {
  const app = new Element(), inner = new Element(), stage = new Element();
  stage.app = inner;
  app.found = { ".inc-stage": [stage] };
  mark(app);
  assert.deepEqual(stage.attributes, {});
});

test("the page's boards leave the Tab order", () => {
  const root = new Element(), board = new Element({ tabindex: "0" });
  root.found = { '.inc-app canvas[tabindex="0"]': [board] };
  release(root);
  assert.equal(board.getAttribute("tabindex"), "-1");
});

test("a toggle says whether it is on with aria-pressed, set only when it changes", async () => {
  const { press } = await import("../../incognito_nb/ui/widgets/toggle.js");
  const button = new Element();
  press(button, true);
  assert.equal(button.getAttribute("aria-pressed"), "true");
  press(button, true);
  assert.equal(button.changes, 1, "the same state again changes nothing");
  press(button, false);
  assert.equal(button.getAttribute("aria-pressed"), "false");
});

test("a toggle with an address reads its state there and keeps it there, the rest of the query kept", async () => {
  const { askedState, withState } = await import("../../incognito_nb/ui/widgets/toggle.js");
  assert.equal(askedState("?lang=es&projector=1", "projector"), true);
  assert.equal(askedState("?projector=0", "projector"), false);
  assert.equal(askedState("?projector=yes", "projector"), null);
  assert.equal(askedState("?projector=1", ""), null, "no address, nothing read");
  assert.equal(withState("?lang=es", "projector", true), "?lang=es&projector=1");
  assert.equal(withState("?projector=1&lang=es", "projector", false), "?projector=0&lang=es");
  assert.equal(withState("", "projector", true), "?projector=1");
});

test("a pad's tool pressed and turned grey hands the focus on, never from where the person moved it", async () => {
  const { handOn } = await import("../../incognito_nb/ui/widgets/skip_link.js");
  const body = {}, board = {};
  const tool = (disabled) => ({ disabled, focused: 0, focus() { this.focused += 1; } });
  let clear = tool(true), undo = tool(false), redo = tool(true);
  assert.equal(handOn(clear, [undo, redo], clear, body), true, "the focus still on Clear, gone grey");
  assert.deepEqual([undo.focused, redo.focused], [1, 0]);
  clear = tool(true); undo = tool(false);
  assert.equal(handOn(clear, [undo, redo], body, body), true, "the focus fallen to the page's body");
  assert.equal(undo.focused, 1);
  clear = tool(true); undo = tool(false);
  assert.equal(handOn(clear, [undo, redo], board, body), true, "the person has Tabbed on: nothing to wait for");
  assert.equal(undo.focused, 0, "the board keeps the focus");
  clear = tool(false);
  assert.equal(handOn(clear, [undo, redo], clear, body), false, "not grey yet: the kernel's answer is on its way");
  assert.equal(undo.focused, 0);
  undo = tool(true); redo = tool(true);
  assert.equal(handOn(undo, [undo, redo], body, body), false, "the last Undo grey, Redo not usable yet");
  redo.disabled = false;
  assert.equal(handOn(undo, [undo, redo], body, body), true);
  assert.deepEqual([undo.focused, redo.focused], [0, 1]);
});

test("the kernel's hand-off after a press moves the focus only if it is still there or fell", () => {
  const body = {}, other = {};
  const pressed = { contains: (el) => el === pressed || el === inner }, inner = {};
  assert.equal(mayHand(pressed, body, [pressed]), true, "still on the button pressed");
  assert.equal(mayHand(inner, body, [pressed]), true, "inside the control pressed");
  assert.equal(mayHand(body, body, [pressed]), true, "fallen to the page's body");
  assert.equal(mayHand(null, body, []), true, "nowhere");
  assert.equal(mayHand(other, body, [pressed]), false, "moved on by the person: it stays");
  assert.equal(mayHand(other, body, []), false, "the control pressed gone, the focus elsewhere");
});

test("a press on a row that has just lost a button counts only once the row stood still", () => {
  assert.equal(tooSoon(1100, 1000, 600), true, "100 ms after: the next button may have moved under it");
  assert.equal(tooSoon(1600, 1000, 600), false, "600 ms after: settled");
  assert.equal(tooSoon(5, -Infinity, 600), false, "a row that never lost a button");
});
