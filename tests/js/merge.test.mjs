// node --test tests/js/ : the three-way merge of a sheet's rows and the bookkeeping of its base
// (static/js/sheet/merge.js), with the canonical form of canon.js as the page uses it.
import test from "node:test";
import assert from "node:assert";
import { threeWayMerge, differingGames, baseAfterSave, restoreCase } from "../../static/js/sheet/merge.js";
import { canon as canonical } from "../../static/js/sheet/canon.js";

const SOLO_KINDS = ["hochzeit_allein", "solo_buben", "solo_damen", "solo_trumpf", "stilles_solo"];
function canon(values, loose) {
  return canonical(values, { loose: !!loose, soloKinds: SOLO_KINDS, active: [1, 2, 3, 4] });
}
function game(winners, value, extra) { return Object.assign({ kind: "normal", winners, value }, extra || {}); }

test("nothing changed anywhere: nothing taken, no clash", () => {
  const rows = { 1: game("14", "2"), 2: game("23", "3") };
  assert.deepStrictEqual(threeWayMerge(rows, rows, rows, canon), { taken: [], clashes: [] });
});

test("games changed elsewhere where this device changed nothing are taken", () => {
  const base = { 1: game("14", "2") };
  const local = { 1: game("14", "2") };
  const server = { 1: game("23", "2"), 3: game("12", "1") };
  assert.deepStrictEqual(threeWayMerge(base, local, server, canon), { taken: [1, 3], clashes: [] });
});

test("games changed here where the server changed nothing stay, without a clash", () => {
  const base = { 1: game("14", "2") };
  const local = { 1: game("14", "5"), 2: game("23", "1") };
  assert.deepStrictEqual(threeWayMerge(base, local, base, canon), { taken: [], clashes: [] });
});

test("a game changed on both sides to different values is a clash; to the same, none", () => {
  const base = { 1: game("14", "2"), 2: game("23", "3") };
  const local = { 1: game("14", "4"), 2: game("13", "3") };
  const server = { 1: game("23", "4"), 2: game("13", "3") };
  assert.deepStrictEqual(threeWayMerge(base, local, server, canon), { taken: [], clashes: [1] });
});

test("a game removed on the server that this device changed is a clash", () => {
  const base = { 2: game("14", "2") };
  const local = { 2: game("14", "3") };
  assert.deepStrictEqual(threeWayMerge(base, local, {}, canon), { taken: [], clashes: [2] });
});

test("lists are sorted as numbers, not as text", () => {
  const base = {};
  const local = {};
  const server = { 10: game("14", "2"), 9: game("14", "2"), 2: game("14", "2") };
  assert.deepStrictEqual(threeWayMerge(base, local, server, canon).taken, [2, 9, 10]);
});

test("a soloist the server filled in is no change of this device's game", () => {
  const typed = game("3", "4", { kind: "solo_damen" });
  const stored = game("3", "4", { kind: "solo_damen", soloist: "3" });
  assert.deepStrictEqual(threeWayMerge({ 1: typed }, { 1: typed }, { 1: stored }, canon), { taken: [], clashes: [] });
  assert.deepStrictEqual(differingGames({ 1: typed }, { 1: stored }, canon), []);
});

test("differing games: in either map, by value, sorted", () => {
  const local = { 1: game("14", "2"), 3: game("23", "1"), 11: game("12", "2") };
  const rows = { 1: game("41", "02"), 2: game("13", "1"), 3: game("23", "2") };
  assert.deepStrictEqual(differingGames(local, rows, canon), [2, 3, 11]);
  assert.deepStrictEqual(differingGames(undefined, undefined, canon), []);
});

test("after a save the base holds what was sent for the games stored as typed, none past the last", () => {
  const base = { 1: game("14", "2"), 2: game("23", "3"), 4: game("12", "1") };
  const sent = { 1: game("14", "2"), 2: game("23", "5"), 3: game("13", "1") };
  const next = baseAfterSave(base, sent, { saved_as_typed: ["2", "3"], stored_games: 3 });
  assert.deepStrictEqual(next, { 1: game("14", "2"), 2: game("23", "5"), 3: game("13", "1") });
  assert.deepStrictEqual(base[2], game("23", "3"), "the old base is not changed");
});

test("the kept entry against the page: newer, older or the same revision", () => {
  assert.strictEqual(restoreCase({ revision: 5 }, 4), "newer");
  assert.strictEqual(restoreCase({ revision: 3 }, 4), "older");
  assert.strictEqual(restoreCase({ revision: 4 }, 4), "same");
});
