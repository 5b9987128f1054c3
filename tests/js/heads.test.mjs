// node --test tests/js/ : the rows' dealers and sitters from the live preview (static/js/sheet/heads.js).
import test from "node:test";
import assert from "node:assert";
import { activeSeats, headChanges } from "../../static/js/sheet/heads.js";

const shown = {
  1: { dealer: 1, sittingOut: null },
  2: { dealer: 2, sittingOut: null },
  3: { dealer: 3, sittingOut: null }
};

test("positional dealers the server confirms change nothing", () => {
  const rows = [1, 2, 3].map(function (n) { return { number: n, dealer: n, sitting_out: null }; });
  assert.deepStrictEqual(headChanges(shown, rows), []);
});

test("a row dealt again moves the dealers of the rows after it", () => {
  const rows = [
    { number: 1, dealer: 1, sitting_out: null },
    { number: 2, dealer: 1, sitting_out: null },
    { number: 3, dealer: 2, sitting_out: null }
  ];
  assert.deepStrictEqual(headChanges(shown, rows), [
    { number: 2, dealer: 1, sittingOut: null },
    { number: 3, dealer: 2, sittingOut: null }
  ]);
});

test("at five the sitter follows the server, rows the page lacks are left alone", () => {
  const five = { 4: { dealer: 4, sittingOut: 4 } };
  const rows = [{ number: 4, dealer: 3, sitting_out: 3 }, { number: 9, dealer: 1, sitting_out: 1 }];
  assert.deepStrictEqual(headChanges(five, rows), [{ number: 4, dealer: 3, sittingOut: 3 }]);
});

test("a preview without dealers (an older server) changes nothing", () => {
  assert.deepStrictEqual(headChanges(shown, [{ number: 2 }]), []);
  assert.deepStrictEqual(headChanges(shown, undefined), []);
});

test("the active seats are every seat but the one sitting out", () => {
  assert.deepStrictEqual(activeSeats(5, 3), [1, 2, 4, 5]);
  assert.deepStrictEqual(activeSeats(4, null), [1, 2, 3, 4]);
});
