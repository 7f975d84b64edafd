// Stand-ins for what a widget's front end is handed in the page: anywidget's model,
// the browser's storage and its clock, so that the front end's logic runs under Node.

// An anywidget model: its traits, the messages sent to Python, and its events.
export class FakeModel {
  constructor(traits = {}) {
    this.traits = { ...traits };
    this.sent = [];
    this.handlers = new Map();
  }

  get(name) {
    return this.traits[name];
  }

  set(name, value) {
    this.traits[name] = value;
    this.emit(`change:${name}`);
  }

  save_changes() {}

  send(message) {
    this.sent.push(structuredClone(message));
  }

  on(event, handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(handler);
  }

  emit(event, ...args) {
    for (const handler of this.handlers.get(event) || []) handler(...args);
  }

  // As Python's `widget.send(content)` arrives in the page.
  hear(content) {
    this.emit("msg:custom", content);
  }
}

// The browser's localStorage (the Storage interface), kept in a Map.
export class FakeStorage {
  constructor(entries = {}) {
    this.entries = new Map(Object.entries(entries));
  }

  get length() {
    return this.entries.size;
  }

  key(index) {
    return [...this.entries.keys()][index] ?? null;
  }

  getItem(key) {
    return this.entries.has(key) ? this.entries.get(key) : null;
  }

  setItem(key, value) {
    this.entries.set(key, String(value));
  }

  removeItem(key) {
    this.entries.delete(key);
  }
}

// A storage the browser refuses: switched off, or full.
export class RefusingStorage extends FakeStorage {
  constructor(entries = {}, { reads = false } = {}) {
    super(entries);
    this.refusesReads = reads;
  }

  key(index) {
    if (this.refusesReads) throw new Error("SecurityError: storage is off");
    return super.key(index);
  }

  getItem(key) {
    if (this.refusesReads) throw new Error("SecurityError: storage is off");
    return super.getItem(key);
  }

  setItem() {
    throw new Error("QuotaExceededError: the quota is full");
  }

  removeItem() {
    throw new Error("SecurityError: storage is off");
  }
}

// A clock that moves only when told: `advance(ms)` runs the timers that fall due.
export class FakeClock {
  constructor() {
    this.time = 0;
    this.timers = new Map();
    this.last = 0;
  }

  now() {
    return this.time;
  }

  setTimeout(callback, ms) {
    this.last += 1;
    this.timers.set(this.last, { at: this.time + ms, ms, callback });
    return this.last;
  }

  clearTimeout(id) {
    this.timers.delete(id);
  }

  // The delays of the timers still waiting, in milliseconds.
  pending() {
    return [...this.timers.values()].map((timer) => timer.ms);
  }

  advance(ms) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.time = timer.at;
      timer.callback();
    }
    this.time = end;
  }
}

// A canvas's 2D context that writes down what is done to it: each call and each property
// set, in order, in `log` (`name` tells two contexts apart).
export class FakeContext {
  constructor(name = "") {
    this.name = name;
    this.log = [];
    this.canvas = { name };
    return new Proxy(this, {
      get: (target, key) => (key in target ? target[key] : (...args) => target.log.push([key, ...args])),
      set: (target, key, value) => { target.log.push([`${String(key)}=`, value]); return true; },
    });
  }
}
