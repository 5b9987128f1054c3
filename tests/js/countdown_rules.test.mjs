// node --test tests/js/ : the count-down rules of the captain's form (static/js/countdown/)
// against every worked example of COUNTDOWN.md (fixtures/countdown/countdown-examples.json), so
// that the phone's live preview and the server (rules/countdown) agree on every deal, Partie
// and round, and the phone refuses what the server refuses, naming the same field.
import test from "node:test";
import assert from "node:assert";
import { readFileSync } from "node:fs";
import { Refusal, scoreDeal } from "../../static/js/countdown/rules.js";
import { outLock, playPartie, playSheet } from "../../static/js/countdown/play.js";

const FIXTURE = new URL("../../fixtures/countdown/countdown-examples.json", import.meta.url);
const TEXT = readFileSync(FIXTURE, "utf8");
const CASES = JSON.parse(TEXT).cases;

// JavaScript reads 3.0 as 3: a case whose input has a float is no case for the form (it never
// writes one); the server refuses it (tests/rules/countdown).
function hasFloat(id) {
  const start = TEXT.indexOf('"id": "' + id + '"');
  const end = TEXT.indexOf('"id": ', start + 5);
  return /[0-9]\.[0-9]/.test(TEXT.slice(start, end < 0 ? undefined : end).split('"rule"')[0]);
}

function refusedField(run) {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof Refusal, String(error));
    return error.field;
  }
  return undefined;
}

const deals = CASES.filter((c) => c.kind === "deal" && !hasFloat(c.id));
const parties = CASES.filter((c) => c.kind === "partie");

test("the deal examples are all there", () => {
  assert.ok(deals.length >= 100, String(deals.length));
  assert.ok(parties.length >= 38);
});

for (const c of deals) {
  test(`deal ${c.id}: ${c.rule}`, () => {
    const run = () => scoreDeal(c.game, c.options, c.scores_before, c.record);
    if (c.expect.refused !== undefined) {
      assert.strictEqual(refusedField(run), c.expect.refused);
    } else {
      const got = run();
      assert.deepStrictEqual(got.scores, c.expect.scores_after);
      if (c.expect.changes) assert.deepStrictEqual(got.changes, c.expect.changes);
    }
  });
}

for (const c of parties) {
  test(`partie ${c.id}: ${c.rule}`, () => {
    const run = () => playPartie(c.game, c.options, c.players, c.records);
    if (c.expect.refused !== undefined) {
      assert.strictEqual(refusedField(run), c.expect.refused);
    } else {
      assert.deepStrictEqual(run(), c.expect.result);
    }
  });
}

// A round's sheet is one flat list of deals: its Parties and their Partiepunkte, the round
// over after the last deal or after a Partie ending too late for another; a deal the round
// refuses is refused at its row.
for (const c of CASES.filter((k) => k.kind === "round" && !k.stopped)) {
  test(`round ${c.id}: ${c.rule}`, () => {
    const flat = [].concat(...c.parties.map((p) => (Array.isArray(p) ? p : [p])));
    const sheet = playSheet(c.game, c.options, c.players, c.cycles, flat);
    const match = /^parties\[(\d+)\](?:\.records\[(\d+)\])?/.exec(c.expect.refused || "");
    if (match) {
      const before = c.parties.slice(0, Number(match[1])).reduce((n, p) => n + p.length, 0);
      assert.ok(sheet.refused, "not refused");
      assert.strictEqual(sheet.refused.number, before + Number(match[2] || 0) + 1);
      return;
    }
    assert.strictEqual(sheet.refused, null);
    assert.strictEqual(sheet.next.over, c.expect.complete);
    const ended = sheet.rows.filter((row) => row.ended);
    const finished = c.expect.parties.filter((p) => !p.aborted && p.counted);
    assert.strictEqual(ended.length, finished.length);
    ended.forEach((row, index) => {
      assert.deepStrictEqual(row.ended.winners, finished[index].winners);
      const points = {};
      row.ended.points.slice(1).forEach((p, seat) => { points[String(seat + 1)] = p; });
      assert.deepStrictEqual(points, finished[index].partiepunkte);
    });
  });
}

test("the next deal is prefilled from the rotation, across Parties", () => {
  const sheet = playSheet("24", {}, 4, 6, [
    { deal: 1, dealer: 1, trump: "gelb", blind: true, tricks: { 1: 0, 2: 6, 3: 0, 4: 0 } }
  ]);
  // Seat 2 took all six blind tricks: 24 − 24 = 0 ends the Partie; Partie 2 opens at deal 2.
  assert.deepStrictEqual(sheet.rows[0].ended.winners, [2]);
  assert.strictEqual(sheet.next.number, 2);
  assert.strictEqual(sheet.next.partie, 2);
  assert.strictEqual(sheet.next.deal, 1);
  assert.strictEqual(sheet.next.dealer, 2);
  assert.strictEqual(sheet.next.caller, 3);
  assert.deepStrictEqual(sheet.next.scores.slice(1), [24, 24, 24, 24]);
});

test("'aus' is locked with the rule's reason", () => {
  const plain = playSheet("24", {}, 4, 6, []).next;
  assert.strictEqual(outLock(plain, 3, "rot", []).code, "out_without_variant");
  const b = playSheet("24", { aussteigen: true }, 3, 6, []).next;
  assert.strictEqual(outLock(b, 2, "rot", []).code, "out_caller");
  assert.strictEqual(outLock(b, 3, "rot", []), null);
  const z = playSheet("zwanzig", {}, 4, 6, []).next;
  assert.strictEqual(outLock(z, 3, "karo", []).code, "out_karo");
  assert.strictEqual(outLock(z, 3, "pik", []), null);
  const a = playSheet("20ab", { drop_out_limit: 3 }, 4, 6, [
    { deal: 1, dealer: 1, trump: "pik", out: [3], tricks: { 1: 2, 2: 2, 4: 1 } },
    { deal: 2, dealer: 2, trump: "pik", out: [3], tricks: { 1: 2, 2: 2, 4: 1 } },
    { deal: 3, dealer: 3, trump: "pik", out: [3], tricks: { 1: 2, 2: 2, 4: 1 } },
    { deal: 4, dealer: 4, trump: "pik", tricks: { 1: 2, 2: 1, 3: 1, 4: 1 } }
  ]).next;
  assert.strictEqual(a.caller, 4);
  assert.strictEqual(outLock(a, 3, "pik", []).code, "out_limit");
  assert.strictEqual(outLock(a, 3, "pik", []).params.limit, 3);
});

test("after the organiser's stop no deal is offered and a deal typed after it is refused as stopped", () => {
  const deal = (n, dealer) => ({ deal: n, dealer: dealer, trump: "rot", tricks: { 1: 3, 2: 1, 3: 1, 4: 1 } });
  const stopped = playSheet("24", {}, 4, 6, [deal(1, 1), deal(2, 2)], 2);
  assert.equal(stopped.next.over, true);
  assert.equal(stopped.next.stopped, 2);
  assert.equal(stopped.refused, null);
  const late = playSheet("24", {}, 4, 6, [deal(1, 1), deal(2, 2), deal(3, 3)], 2);
  assert.equal(late.refused.number, 3);
  assert.equal(late.refused.refusal.code, "round_stopped");
  assert.deepEqual(late.refused.refusal.params, { after: 2 });
  assert.equal(late.next.stopped, 2);
  // Not stopped: the round goes on.
  assert.equal(playSheet("24", {}, 4, 6, [deal(1, 1), deal(2, 2)], null).next.over, false);
});
