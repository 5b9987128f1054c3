// node --test tests/js/ : what the count-down form prefills and locks for Zwanzig and 20 ab
// (static/js/countdown/play.js) and how it words a refusal and a deal (countdown/words.js).
import test from "node:test";
import assert from "node:assert";
import { Refusal } from "../../static/js/countdown/rules.js";
import { outLock, playSheet } from "../../static/js/countdown/play.js";
import { describeDeal, fieldWords, namedMessage, refusalText } from "../../static/js/countdown/words.js";
import { changeReason, draftBlock, draftRecord, newDraft, trickCounts } from "../../static/js/countdown/draft.js";

function zwanzigDeals(count, size) {
  const records = [];
  for (let index = 0; index < count; index += 1) {
    const dealer = index % size + 1;
    const tricks = {};
    const sitter = size === 5 ? dealer : null;
    const seats = [];
    for (let seat = 1; seat <= size; seat += 1) if (seat !== sitter) seats.push(seat);
    seats.forEach(function (seat, i) { tricks[seat] = i === 0 ? 2 : i === 1 ? 2 : i === 2 ? 1 : 0; });
    records.push({ deal: index + 1, dealer: dealer, trump: index >= 2 * size ? "herz" : "pik", tricks: tricks });
  }
  return records;
}

test("Zwanzig from deal 2n+1: Herz only, nobody drops out (four seats: deal 9)", () => {
  const before = playSheet("zwanzig", {}, 4, 6, zwanzigDeals(7, 4)).next;
  assert.strictEqual(before.deal, 8);
  assert.strictEqual(before.herz, false);
  const next = playSheet("zwanzig", {}, 4, 6, zwanzigDeals(8, 4)).next;
  assert.strictEqual(next.deal, 9);
  assert.strictEqual(next.herz, true);
  assert.strictEqual(outLock(next, 3, "herz", []).code, "out_herz_phase");
  assert.strictEqual(outLock(next, 3, "herz", []).params.first, 9);
});

test("at five Zwanzig seats the dealer sits out and the Ansager is left of him", () => {
  const next = playSheet("zwanzig", {}, 5, 6, zwanzigDeals(2, 5)).next;
  assert.strictEqual(next.dealer, 3);
  assert.strictEqual(next.sitter, 3);
  assert.strictEqual(next.caller, 4);
  assert.strictEqual(next.length, 30);
  assert.strictEqual(outLock(next, 3, "pik", []).code, "out_sitter");
  assert.strictEqual(outLock(next, 4, "pik", []).code, "out_caller");
  assert.strictEqual(outLock(next, 5, "pik", []), null);
});

test("20 ab: the caller sits right of the dealer; the points floor locks 'aus'", () => {
  const options = { start: 10, no_drop_out_at_or_below: 9 };
  const first = playSheet("20ab", options, 4, 6, []).next;
  assert.strictEqual(first.dealer, 1);
  assert.strictEqual(first.caller, 4);
  assert.deepStrictEqual(first.scores.slice(1), [10, 10, 10, 10]);
  assert.strictEqual(outLock(first, 2, "karo", []), null);  // Karo forbids nothing in 20 ab
  const next = playSheet("20ab", options, 4, 6, [
    { deal: 1, dealer: 1, trump: "pik", tricks: { 1: 2, 2: 1, 3: 1, 4: 1 } }
  ]).next;
  assert.strictEqual(next.caller, 1);
  assert.strictEqual(outLock(next, 2, "karo", []).code, "out_floor");
  assert.strictEqual(outLock(next, 3, "karo", []).code, "out_floor");
});

const config = {
  names: { tricks: "Stiche", out: "aus", trump: "Trumpf", dealer: "Geber" },
  texts: { seat: "Platz %s", dealer: "Geber" },
  messages: { tricks_missing: "Die Stiche von Platz {seat} fehlen.", tricks_sum: "Die Stiche ergeben {got}, nicht {tricks}." },
  colours: [["rot", "Rot"], ["gelb", "Gelb"]],
  seats: [{ number: 1, name: "Anna" }, { number: 2, name: "Bernd" }, { number: 3, name: "Carla" }]
};

test("a refusal names the deal and the field in the captain's words", () => {
  assert.strictEqual(fieldWords(config, "tricks.3"), "Stiche Platz 3");
  assert.strictEqual(fieldWords(config, "out[0]"), "aus");
  assert.strictEqual(
    refusalText(config, "Spiel %s:", 17, new Refusal("tricks.3", "tricks_missing", { seat: 3 })),
    "Spiel 17: Stiche Platz 3: Die Stiche von Platz 3 fehlen."
  );
  assert.strictEqual(
    refusalText(config, "Spiel %s:", 2, new Refusal("tricks", "tricks_sum", { got: 7, tricks: 6 })),
    "Spiel 2: Stiche: Die Stiche ergeben 7, nicht 6."
  );
});

test("a deal in words for the conflict panel", () => {
  const values = { record: JSON.stringify({ deal: 1, dealer: 2, trump: "gelb", blind: true, out: [3], tricks: { 1: 6, 2: 0 } }) };
  assert.strictEqual(describeDeal(values, config), "Geber Bernd \u00b7 Gelb blind \u00b7 Stiche 6-0 \u00b7 aus: Carla");
});

test("a reason beside a seat names the player, not the seat number", () => {
  const config = {
    seats: [{ number: 2, name: "Stefan" }],
    messages: {
      out_caller: "Platz {seat} bestimmt Trumpf und darf nicht aussteigen.",
      out_floor: "Mit {score} Punkten (höchstens {floor}) darf Platz {seat} nicht aussteigen.",
      out_karo: "Bei Karo als Trumpf darf niemand aussteigen."
    }
  };
  assert.equal(namedMessage(config, new Refusal("out", "out_caller", { seat: 2 })), "Stefan bestimmt Trumpf und darf nicht aussteigen.");
  assert.equal(namedMessage(config, new Refusal("out", "out_floor", { seat: 2, score: 4, floor: 5 })), "Mit 4 Punkten (höchstens 5) darf Stefan nicht aussteigen.");
  assert.equal(namedMessage(config, new Refusal("out", "out_karo", {})), "Bei Karo als Trumpf darf niemand aussteigen.");
});

test("an untouched draft fills the last seat; the caller's +48 says Eigentrumpf and Gelb blind", () => {
  const config = { size: 4, tricks: 6, game: "24", texts: { own_trump: "Eigentrumpf ohne Stich", yellow: "Gelb", yellow_blind: "Gelb blind", caller_no_trick: "Ansager ohne Stich" } };
  const next = { deal: 2, dealer: 2, caller: 3, sitter: null, herz: false, options: { eigentrumpf: true } };
  const draft = newDraft(next, null);
  assert.deepEqual(draft.touched, []);
  const counts = trickCounts(config, draft, next);
  assert.deepEqual([counts.auto, counts.counts[4], counts.sum], [4, 6, 6]);
  draft.blind = true;
  draft.trump = "gelb";
  const shown = { counts: counts, result: { changes: { 1: 24, 2: 24, 3: 48, 4: -24 } } };
  assert.equal(changeReason(config, draft, next, 3, shown), "Eigentrumpf ohne Stich, Gelb blind");
  assert.equal(changeReason(config, draft, next, 1, shown), "");
  assert.deepEqual(draftRecord(draft, next, counts.counts), { deal: 2, dealer: 2, trump: "gelb", blind: true, tricks: { 1: 0, 2: 0, 3: 0, 4: 6 } });
});

test("an untouched draft is no deal: the Herz phase's preset trump and the last seat's rest preview nothing", () => {
  const herz = { deal: 9, dealer: 1, caller: 2, sitter: null, herz: true, options: {} };
  const draft = newDraft(herz, null);
  assert.equal(draft.trump, "herz");  // preset: the form would otherwise preview a Partie's end
  assert.equal(draftBlock(draft).code, "untouched");
  assert.equal(draftBlock(draft).field, "tricks");
  draft.touched.push(2);  // a tap on a stepper
  assert.equal(draftBlock(draft), null);
  // "24": a trump alone is not enough either; "aus" is.
  const plain = newDraft({ deal: 1, dealer: 1, caller: 2, sitter: null, herz: false, options: {} }, null);
  assert.equal(draftBlock(plain).code, "choose");
  plain.trump = "rot";
  assert.equal(draftBlock(plain).code, "untouched");
  plain.out.push(3);
  assert.equal(draftBlock(plain), null);
  // A stored deal being changed is typed already.
  const stored = newDraft(herz, { deal: 9, dealer: 1, trump: "herz", tricks: { 1: 2, 2: 1, 3: 2, 4: 0 } });
  assert.equal(draftBlock(stored), null);
});
