// node --test tests/js/ : the canonical form of a sheet row (static/js/sheet/canon.js).
import test from "node:test";
import assert from "node:assert";
import * as Sync from "../../static/js/sheet/canon.js";

const SOLO_KINDS = ["hochzeit_allein", "solo_buben", "solo_damen", "solo_trumpf", "stilles_solo"];
const FOUR = { soloKinds: SOLO_KINDS, active: [1, 2, 3, 4] };
const blank = { kind: "normal", winners: "", value: "", soloist: "", offender: "", record: "", p1: "", p2: "", p3: "", p4: "" };

function row(values) { return Object.assign({}, blank, values); }

test("a won quick-entry solo equals the stored game with the soloist filled in", () => {
  const typed = row({ kind: "solo_damen", winners: "3", value: "4" });
  const stored = row({ kind: "solo_damen", winners: "3", value: "4", soloist: "3" });
  assert.strictEqual(Sync.canon(typed, FOUR), Sync.canon(stored, FOUR));
});

test("a lost quick-entry solo: the soloist is the active seat the three winners leave", () => {
  const typed = row({ kind: "solo_buben", winners: "124", value: "5" });
  const stored = row({ kind: "solo_buben", winners: "124", value: "5", soloist: "3" });
  assert.strictEqual(Sync.canon(typed, FOUR), Sync.canon(stored, FOUR));
  const five = { soloKinds: SOLO_KINDS, active: [2, 3, 4, 5] };
  assert.strictEqual(Sync.canon(row({ kind: "solo_buben", winners: "235", value: "5" }), five),
    Sync.canon(row({ kind: "solo_buben", winners: "235", value: "5", soloist: "4" }), five));
});

test("a soloist the winners do not imply is a real difference", () => {
  const a = row({ kind: "solo_damen", winners: "3", value: "4", soloist: "3" });
  const b = row({ kind: "solo_damen", winners: "3", value: "4", soloist: "2" });
  assert.notStrictEqual(Sync.canon(a, FOUR), Sync.canon(b, FOUR));
  assert.strictEqual(Sync.canon(a, Object.assign({ loose: true }, FOUR)), Sync.canon(b, Object.assign({ loose: true }, FOUR)));
});

test("a soloist beside a kind without one does not count", () => {
  assert.strictEqual(Sync.canon(row({ winners: "14", value: "2", soloist: "2" }), FOUR),
    Sync.canon(row({ winners: "14", value: "2" }), FOUR));
});

test("spellings of the same quick entry are equal", () => {
  assert.strictEqual(Sync.canon(row({ winners: "4+1", value: "02" }), FOUR), Sync.canon(row({ kind: "", winners: "14", value: "2" }), FOUR));
});

test("a calculator row compares by its record, not by what the server adds", () => {
  const record = { kind: "solo_damen", re: [2], augen_re: 130, statements: [], specials: [] };
  const typed = row({ kind: "solo_damen", winners: "2", value: "4", record: JSON.stringify(record) });
  const stored = row({ kind: "solo_damen", winners: "2", value: "4", soloist: "2",
    record: JSON.stringify(Object.assign({ table_size: 4 }, record)) });
  assert.strictEqual(Sync.canon(typed, FOUR), Sync.canon(stored, FOUR));
});

test("direct points: only the points count, an empty field is 0", () => {
  const typed = row({ winners: "14", value: "2", p1: "+3", p2: "\u22121", p3: "", p4: "-2" });
  const stored = row({ kind: "", p1: "3", p2: "-1", p3: "0", p4: "-2" });
  assert.strictEqual(Sync.canon(typed, FOUR), Sync.canon(stored, FOUR));
  assert.notStrictEqual(Sync.canon(row({ p1: "3", p2: "-3" }), FOUR), Sync.canon(row({ p1: "2", p2: "-2" }), FOUR));
});

test("a revoke keeps its soloist and offender", () => {
  const a = row({ kind: "solo_damen", offender: "2", soloist: "3" });
  const b = row({ kind: "solo_damen", offender: "2", soloist: "1" });
  assert.notStrictEqual(Sync.canon(a, FOUR), Sync.canon(b, FOUR));
});

test("a blank row is empty whatever its kind", () => {
  assert.strictEqual(Sync.canon(row({}), FOUR), "");
  assert.strictEqual(Sync.canon(row({ kind: "solo_damen" }), FOUR), "");
});

test("the plain kind is the ruleset's own: another ruleset's first kind counts as none", () => {
  const other = { soloKinds: [], defaultKind: "spiel", active: [1, 2, 3] };
  assert.strictEqual(Sync.canon({ kind: "spiel", winners: "1", value: "2" }, other),
    Sync.canon({ kind: "", winners: "1", value: "2" }, other));
  assert.notStrictEqual(Sync.canon({ kind: "normal", winners: "1", value: "2" }, other),
    Sync.canon({ kind: "", winners: "1", value: "2" }, other));
});

test("a ruleset's line form is a row of its own; Pflicht/Lust never counts", () => {
  const context = { lines: ["penalty_offender", "penalty_severity", "penalty_referee"] };
  const line = { kind: "normal", penalty_offender: "3", penalty_severity: "geringfuegig", penalty_referee: "KM", winners: "", value: "" };
  assert.equal(Sync.canon(line, context), "penalty_offender=3&penalty_referee=KM&penalty_severity=geringfuegig");
  const typed = { kind: "solo_damen", winners: "2", value: "3", solo_mode: "" };
  const stored = { kind: "solo_damen", winners: "2", value: "3", solo_mode: "pflicht", soloist: "2" };
  assert.equal(Sync.canon(typed, { ...context, active: [1, 2, 3, 4], soloKinds: ["solo_damen"] }), Sync.canon(stored, { ...context, active: [1, 2, 3, 4], soloKinds: ["solo_damen"] }));
});

test("a DDV Klärungsstich typed beside a quick entry is a difference; Pflicht/Lust is not", () => {
  const ddv = { soloKinds: SOLO_KINDS, active: [1, 2, 3, 4], counted: ["klaerungsstich"], lines: ["penalty_offender"] };
  const stored = row({ kind: "hochzeit", winners: "13", value: "2", klaerungsstich: "2" });
  assert.notStrictEqual(Sync.canon(row({ kind: "hochzeit", winners: "13", value: "2" }), ddv), Sync.canon(stored, ddv));
  assert.strictEqual(Sync.canon(row({ kind: "hochzeit", winners: "13", value: "2", klaerungsstich: "2" }), ddv), Sync.canon(stored, ddv));
  assert.strictEqual(Sync.canon(row({ kind: "solo_damen", winners: "2", value: "3" }), ddv),
    Sync.canon(row({ kind: "solo_damen", winners: "2", value: "3", solo_mode: "pflicht" }), ddv));
});
