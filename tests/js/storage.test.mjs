// node --test tests/js/ : what the device keeps of a sheet (static/js/sheet/storage.js), on a
// Storage made of a Map, with a clock the test sets.
import test from "node:test";
import assert from "node:assert";
import { createStore, pruneOld, STORE_VERSION, MAX_AGE } from "../../static/js/sheet/storage.js";

// The part of the Web Storage interface the module uses; ``full`` makes setItem throw as a
// full localStorage does.
function memoryStorage(initial) {
  const items = new Map(Object.entries(initial || {}));
  return {
    items,
    full: false,
    get length() { return items.size; },
    key(index) { return Array.from(items.keys())[index] ?? null; },
    getItem(key) { return items.has(key) ? items.get(key) : null; },
    setItem(key, value) {
      if (this.full) throw new Error("QuotaExceededError");
      items.set(key, String(value));
    },
    removeItem(key) { items.delete(key); },
  };
}

test("an entry is saved with its version and time and loads back", () => {
  const backend = memoryStorage();
  const store = createStore("doko-sheet:abc", backend, () => 1234);
  store.save({ revision: 3, base: { 1: { winners: "14" } }, local: { 2: { winners: "23" } } });
  assert.deepStrictEqual(JSON.parse(backend.getItem("doko-sheet:abc")),
    { revision: 3, base: { 1: { winners: "14" } }, local: { 2: { winners: "23" } }, v: STORE_VERSION, at: 1234 });
  assert.deepStrictEqual(store.load().local, { 2: { winners: "23" } });
  store.clear();
  assert.strictEqual(store.load(), null);
  assert.strictEqual(backend.items.size, 0);
});

test("nothing, another layout or a broken entry loads as nothing", () => {
  const backend = memoryStorage({
    "doko-sheet:old": JSON.stringify({ v: STORE_VERSION + 1, revision: 1 }),
    "doko-sheet:bad": "{not json",
  });
  assert.strictEqual(createStore("doko-sheet:none", backend).load(), null);
  assert.strictEqual(createStore("doko-sheet:old", backend).load(), null);
  assert.strictEqual(createStore("doko-sheet:bad", backend).load(), null);
});

test("a full or missing storage never stops the page", () => {
  const backend = memoryStorage();
  backend.full = true;
  const store = createStore("doko-sheet:abc", backend);
  assert.doesNotThrow(() => store.save({ revision: 1, base: {}, local: {} }));
  assert.strictEqual(store.load(), null);
  const none = createStore("doko-sheet:abc", null);
  assert.doesNotThrow(() => none.save({ revision: 1 }));
  assert.strictEqual(none.load(), null);
  assert.doesNotThrow(() => none.clear());
  assert.doesNotThrow(() => pruneOld(null));
});

test("sheets not touched for 30 days are removed, other keys of the site stay", () => {
  const now = 100 * MAX_AGE;
  const backend = memoryStorage({
    "doko-sheet:fresh": JSON.stringify({ v: 1, at: now - MAX_AGE + 1000 }),
    "doko-sheet:stale": JSON.stringify({ v: 1, at: now - MAX_AGE - 1000 }),
    "doko-sheet:undated": JSON.stringify({ v: 1 }),
    "doko-sheet:broken": "{",
    "doko-first-use-dismissed": "1",
    "other": JSON.stringify({ at: 0 }),
  });
  pruneOld(backend, () => now);
  assert.deepStrictEqual(Array.from(backend.items.keys()).sort(),
    ["doko-first-use-dismissed", "doko-sheet:fresh", "other"]);
});
