// node --test tests/js/ : the projector's rotation (static/js/projector/rotation.js) and its
// offline mark (static/js/projector/offline.js).
import test from "node:test";
import assert from "node:assert";
import { planSteps, nextStep, resumeAt } from "../../static/js/projector/rotation.js";
import { afterPoll, offlineText } from "../../static/js/projector/offline.js";

const show = (...pairs) => planSteps(pairs.map(([kind, pages]) => ({ kind, pages })));

test("every page of every slide in order, one step each", () => {
  assert.deepStrictEqual(show(["seating", 2], ["standings", 1]), [
    { slide: 0, kind: "seating", page: 0 },
    { slide: 0, kind: "seating", page: 1 },
    { slide: 1, kind: "standings", page: 0 },
  ]);
});

test("a slide without a list still gets one step", () => {
  assert.strictEqual(show(["announcements", 0], ["season", undefined]).length, 2);
});

test("after the last step the show starts again at the first", () => {
  const steps = show(["seating", 1], ["standings", 2]);
  assert.deepStrictEqual([0, 1, 2].map((i) => nextStep(steps, i)), [1, 2, 0]);
  assert.strictEqual(nextStep([], 0), 0);
  assert.strictEqual(nextStep(steps, -1), 0);
});

test("fresh slides keep the current kind at its first page", () => {
  const before = show(["seating", 1], ["standings", 3]);
  const after = show(["seating", 2], ["standings", 2]);
  assert.strictEqual(resumeAt(before, 2, after), 2);
});

test("hidden standings: the show goes on with the next kind, not from the start", () => {
  const before = show(["seating", 1], ["announcements", 1], ["standings", 1], ["season", 1]);
  const after = show(["seating", 1], ["announcements", 1], ["season", 1]);
  assert.deepStrictEqual(after[resumeAt(before, 2, after)], { slide: 2, kind: "season", page: 0 });
});

test("the next kind wraps round to the first one when nothing later is left", () => {
  const before = show(["seating", 1], ["standings", 1]);
  const after = show(["seating", 1]);
  assert.strictEqual(resumeAt(before, 1, after), 0);
  assert.strictEqual(resumeAt(before, 1, []), 0);
  assert.strictEqual(resumeAt([], 0, after), 0);
});

test("a new kind that was not there before: start at the first step", () => {
  assert.strictEqual(resumeAt(show(["board", 1]), 0, show(["season", 1])), 0);
});

test("the first failed poll sets the time, later failures keep it, a good one clears it", () => {
  const first = new Date(2026, 10, 24, 21, 14);
  const later = new Date(2026, 10, 24, 21, 20);
  let state = afterPoll({ since: null }, false, first);
  state = afterPoll(state, false, later);
  assert.strictEqual(state.since, first);
  assert.strictEqual(offlineText("offline seit", state.since), "offline seit 21:14");
  state = afterPoll(state, true, later);
  assert.deepStrictEqual(state, { since: null });
  assert.strictEqual(offlineText("offline seit", state.since), "");
});
