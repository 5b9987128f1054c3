// node --test tests/js/ : "Zeit abgelaufen nach Spiel n" follows the games entered
// (static/js/sheet/time_up.js) until the captain types a number there himself.
import test from "node:test";
import assert from "node:assert";
import { createTimeUp } from "../../static/js/sheet/time_up.js";

function fakeDocument() {
  const listeners = {};
  const input = {
    value: "3",
    addEventListener: (name, listener) => { listeners[name] = listener; },
    type: (value) => { input.value = value; listeners.input(); },
  };
  return { input, getElementById: (id) => (id === "time-up-after" ? input : null) };
}

test("the number follows the games the preview counts, penalty lines left out", () => {
  const doc = fakeDocument();
  const timeUp = createTimeUp(doc);
  timeUp.update({ filled: 9, played: 8 });
  assert.strictEqual(doc.input.value, "8");
  timeUp.update({ filled: 10 });  // an answer without the count changes nothing
  assert.strictEqual(doc.input.value, "8");
});

test("a number the captain typed stays", () => {
  const doc = fakeDocument();
  const timeUp = createTimeUp(doc);
  doc.input.type("5");
  timeUp.update({ played: 12 });
  assert.strictEqual(doc.input.value, "5");
});

test("a page without the control is left alone", () => {
  const timeUp = createTimeUp({ getElementById: () => null });
  assert.doesNotThrow(() => timeUp.update({ played: 4 }));
});
