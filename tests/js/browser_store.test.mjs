// The saves kept in the browser (incognito_nb/store/browser.js), driven with a fake model
// and storage: what the page sends Python at start, and what it writes when told.
import assert from "node:assert/strict";
import { test } from "node:test";

import { FakeModel, FakeStorage, RefusingStorage } from "./fakes.mjs";
import bridgeView, { bridge, readAll, write } from "../../incognito_nb/store/browser.js";

const PREFIX = "incognito-nb:save:";  // KEY_PREFIX in browser.py, the bridge's `prefix` trait

const page = (entries = {}) => new FakeStorage(entries);

test("every save under the prefix is read, by name, and nothing else", () => {
  const storage = page({ [PREFIX + "autosave"]: "A", [PREFIX + "friday"]: "F", "other-app:x": "no",
                         "incognito-nb:ink:K": "[]" });
  assert.deepEqual(readAll(() => storage, PREFIX), { autosave: "A", friday: "F" });
});

test("at start the page sends Python every save it keeps", () => {
  const model = new FakeModel({ prefix: PREFIX });
  bridge(model, () => page({ [PREFIX + "autosave"]: "A", unrelated: "U" }));
  assert.deepEqual(model.sent, [{ kind: "saves", saves: { autosave: "A" } }]);
});

test("a save Python sends is written under the prefix, and a deleted one removed", () => {
  const storage = page({ [PREFIX + "old"]: "O" });
  const model = new FakeModel({ prefix: PREFIX });
  bridge(model, () => storage);
  model.hear({ kind: "save", name: "autosave", entry: '{"saved_at": "now", "game": "{}"}', id: 1 });
  model.hear({ kind: "delete", name: "old" });
  model.hear({ kind: "something else", name: "x" });
  assert.deepEqual(Object.fromEntries(storage.entries),
                   { [PREFIX + "autosave"]: '{"saved_at": "now", "game": "{}"}' });
  assert.deepEqual(model.sent.slice(1), [{ kind: "saved", name: "autosave", id: 1 }],
                   "the save is answered; nothing more is said to Python");
});

test("every save is answered, in order, by its id: kept once the storage holds it, or refused", () => {
  // Python said "Saved" as soon as it had sent the game, before the page wrote anything:
  // only the page knows whether the storage kept it.
  const storage = page();
  const model = new FakeModel({ prefix: PREFIX });
  bridge(model, () => storage);
  model.hear({ kind: "save", name: "autosave", entry: "A", id: 4 });
  storage.setItem = RefusingStorage.prototype.setItem;  // the storage fills up
  model.hear({ kind: "save", name: "autosave", entry: "B", id: 5 });
  delete storage.setItem;  // room again
  model.hear({ kind: "save", name: "friday", entry: "F", id: 6 });
  assert.deepEqual(model.sent.slice(1), [
    { kind: "saved", name: "autosave", id: 4 },
    { kind: "failed", name: "autosave", id: 5, error: "Error: QuotaExceededError: the quota is full", full: true },
    { kind: "saved", name: "friday", id: 6 },
  ]);
  assert.equal(storage.getItem(PREFIX + "autosave"), "A", "the refused save left the last one kept");
});

test("a write's answer says whether the storage was full or refused it for another reason", () => {
  const off = { setItem() { throw Object.assign(new Error("the operation is insecure"), { name: "SecurityError" }); } };
  const full = { setItem() { throw Object.assign(new Error("exceeded the quota"), { name: "QuotaExceededError" }); } };
  const msg = { kind: "save", name: "autosave", entry: "{}", id: 9 };
  assert.deepEqual(write(() => off, PREFIX, msg),
                   { kind: "failed", name: "autosave", id: 9, error: "SecurityError: the operation is insecure", full: false });
  assert.equal(write(() => full, PREFIX, msg).full, true);
  assert.deepEqual(write(() => page(), PREFIX, msg), { kind: "saved", name: "autosave", id: 9 });
});

test("a storage switched off says so, and Python still hears that nothing is kept", () => {
  const model = new FakeModel({ prefix: PREFIX });
  bridge(model, () => new RefusingStorage({ [PREFIX + "autosave"]: "A" }, { reads: true }));
  assert.deepEqual(model.sent, [
    { kind: "failed", name: "", error: "Error: SecurityError: storage is off" },
    { kind: "saves", saves: {} },
  ]);
});

test("a save the storage refuses (its quota full) is reported with its name", () => {
  const model = new FakeModel({ prefix: PREFIX });
  bridge(model, () => new RefusingStorage());
  model.hear({ kind: "save", name: "autosave", entry: "{}", id: 3 });
  assert.deepEqual(model.sent.at(-1), { kind: "failed", name: "autosave", id: 3,
                                       error: "Error: QuotaExceededError: the quota is full", full: true });
});

test("a save written by another tab of the site is told to Python; other keys are not", () => {
  const model = new FakeModel({ prefix: PREFIX });
  const page = new EventTarget();
  bridge(model, () => new FakeStorage(), page);
  const heard = model.sent.length;
  page.dispatchEvent(Object.assign(new Event("storage"), { key: "someone-else" }));
  page.dispatchEvent(Object.assign(new Event("storage"), { key: null }));  // the other tab cleared everything
  page.dispatchEvent(Object.assign(new Event("storage"), { key: PREFIX + "autosave" }));
  assert.deepEqual(model.sent.slice(heard), [{ kind: "elsewhere", name: "autosave" }]);
});

test("a bridge shown twice reads the saves once", () => {
  const storage = page({ [PREFIX + "autosave"]: "A" });
  globalThis.localStorage = storage;
  try {
    const model = new FakeModel({ prefix: PREFIX });
    const el = { style: {} };
    bridgeView.render({ model, el });
    bridgeView.render({ model, el: { style: {} } });
    assert.equal(el.style.display, "none");
    assert.deepEqual(model.sent, [{ kind: "saves", saves: { autosave: "A" } }]);
  } finally {
    delete globalThis.localStorage;
  }
});
