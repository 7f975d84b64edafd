// The page's side of the saves kept in the browser: StorageBridge in browser.py.
//
// The bridge's logic is in plain functions handed the model and the storage, so that
// Node's test runner can drive it with fakes (tests/js/); render() hands them the page's.

// The browser's storage, looked up only when used: where storage is switched off,
// touching it throws, and the callers catch that.
const pageStorage = () => localStorage;

// Every save kept under `prefix`, by name (the rest of its key): {name: entry}.
export function readAll(storage, prefix) {
  const saves = {};
  for (let i = 0; i < storage().length; i++) {
    const key = storage().key(i);
    if (key && key.startsWith(prefix)) saves[key.slice(prefix.length)] = storage().getItem(key);
  }
  return saves;
}

// Whether the storage refused a write for want of room (a DOMException named
// QuotaExceededError in browsers): Python says that in the page's language.
export const isFull = (error) => error?.name === "QuotaExceededError" || /QuotaExceeded/.test(String(error));

// Writes one save Python sent and returns the answer Python waits for, with the save's
// name and id: {kind: "saved"} once the storage holds it, {kind: "failed"} with the
// browser's error (and whether the storage is full) if it refused.  Python says "saved"
// only on the first: a save sent is not a save kept.
export function write(storage, prefix, msg) {
  try {
    storage().setItem(prefix + msg.name, msg.entry);
    return { kind: "saved", name: msg.name, id: msg.id };
  } catch (error) {  // the quota is full, or storage is off in this browser
    return { kind: "failed", name: msg.name, id: msg.id, error: String(error), full: isFull(error) };
  }
}

// Sends the model every save the storage holds, then writes and deletes what Python says,
// answering every write; tells it when another tab of this site writes a save (the page's
// "storage" event, which a browser fires in every other tab of the origin): two tabs
// replace each other's saves.
export function bridge(model, storage = pageStorage, page = globalThis) {
  const prefix = model.get("prefix");
  let saves = {};
  try { saves = readAll(storage, prefix); } catch (error) { model.send({ kind: "failed", name: "", error: String(error) }); }
  model.send({ kind: "saves", saves });
  page.addEventListener?.("storage", (event) => {
    if (event.key && event.key.startsWith(prefix)) model.send({ kind: "elsewhere", name: event.key.slice(prefix.length) });
  });
  model.on("msg:custom", (msg) => {
    if (msg.kind === "save") {
      model.send(write(storage, prefix, msg));
      return;
    }
    try {
      if (msg.kind === "delete") storage().removeItem(prefix + msg.name);
    } catch (error) {  // storage is off in this browser
      model.send({ kind: "failed", name: msg.name, error: String(error), full: isFull(error) });
    }
  });
}

const started = new WeakSet();
export default {
  // In render, not initialize: the page must have built every widget of the dashboard
  // before the saves reach Python, or the offer to resume (a change of those widgets)
  // can arrive before them and be lost.  The bridge's view shows nothing.
  render({ model, el }) {
    el.style.display = "none";
    if (started.has(model)) return;
    started.add(model);
    bridge(model);
  },
};
