// node --test tests/js/ : the dealers the page derives offline (static/js/sheet/deal.js) are the
// server's for made-up DDV rounds at four and five seats (tests/js/ddv_deal_cases.json, written
// and checked by tests/scoring/test_offline_deal_cases.py).
import test from "node:test";
import assert from "node:assert";
import { readFileSync } from "node:fs";
import { dealRows } from "../../static/js/sheet/deal.js";

const cases = JSON.parse(readFileSync(new URL("./ddv_deal_cases.json", import.meta.url), "utf-8"));

for (const item of cases) {
  test("the server's dealers: " + item.name, () => {
    const heads = dealRows(item.rule, item.rows, item.table_size);
    assert.deepStrictEqual(heads.map((head) => head.dealer), item.dealers);
    const out = heads.map((head) => head.sitting_out);
    assert.deepStrictEqual(out, item.table_size === 5 ? item.dealers : item.dealers.map(() => null));
  });
}

test("a Pflichtsolo typed as the ruleset fills it in: the same seat deals again", () => {
  const rule = cases[0].rule;
  const rows = [
    { kind: "normal", winners: "12", line: false },
    { kind: "solo_damen", winners: "2", soloist: "", line: false },
    { kind: "normal", winners: "34", line: false },
    { kind: "normal", line: true },
    { kind: "normal", winners: "13", line: false }
  ];
  assert.deepStrictEqual(dealRows(rule, rows, 4).map((head) => head.dealer), [1, 2, 2, 3, 3]);
});
