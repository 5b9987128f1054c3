// node --test tests/js/ : the live board's pure parts (static/js/board/model.js).
import test from "node:test";
import assert from "node:assert";
import { cardParts, summaryParts, nextDelay, ask } from "../../static/js/board/model.js";

const TABLE = {
  number: 7, title: "Tisch 7", captain: "Anna Arndt", size: 4, games: 3, length: 16,
  state: "playing", state_label: "läuft", stuck: true, quiet: "seit 12 Minuten nichts eingetragen",
  progress: "3 von 16 Spielen", last_entry: "21:40", last_entry_text: "letzter Eintrag 21:40",
  extra: "", url: "/turniere/herbst/durchgang/1/tisch/7/",
};

test("a stuck table's card carries its state and the stuck mark", () => {
  const parts = cardParts(TABLE);
  assert.strictEqual(parts.className, "board-table state-playing stuck");
  assert.strictEqual(parts.badgeClass, "badge playing");
  assert.strictEqual(parts.href, TABLE.url);
  assert.strictEqual(parts.number, "7");
  assert.deepStrictEqual([parts.games, parts.length, parts.progress], [3, 16, "3 von 16 Spielen"]);
  assert.strictEqual(parts.quiet, TABLE.quiet);
});

test("a confirmed table is not marked stuck and empty texts stay empty", () => {
  const parts = cardParts({ ...TABLE, state: "confirmed", stuck: false, quiet: "", captain: null });
  assert.strictEqual(parts.className, "board-table state-confirmed");
  assert.strictEqual(parts.quiet, "");
  assert.strictEqual(parts.captain, "");
});

test("the summary's empty lines are empty strings (hidden)", () => {
  const lines = summaryParts({ counts: "c", left: "l", unconfirmed: "", earlier: undefined });
  assert.deepStrictEqual(lines, { counts: "c", left: "l", unconfirmed: "", earlier: "" });
});

test("after failures the board waits longer, at most two minutes", () => {
  assert.strictEqual(nextDelay(10, 0), 10);
  assert.strictEqual(nextDelay(10, 1), 20);
  assert.strictEqual(nextDelay(10, 3), 80);
  assert.strictEqual(nextDelay(10, 9), 120);
  assert.strictEqual(nextDelay(0, 0), 10);
  assert.strictEqual(nextDelay(1, 0), 2);
});

function answer(status, body, headers = {}, redirected = false) {
  return {
    status, redirected,
    headers: { get: (name) => headers[name] || null },
    json: async () => (body === undefined ? Promise.reject(new Error("no json")) : body),
  };
}

test("ask sends the last ETag and reads news, 304s and failures", async () => {
  const seen = [];
  const fake = (responses) => async (url, options) => {
    seen.push(options.headers["If-None-Match"] || "");
    const next = responses.shift();
    if (next instanceof Error) throw next;
    return next;
  };
  const data = { tables: [] };
  let result = await ask(fake([answer(200, data, { ETag: 'W/"a"' })]), "/x", "");
  assert.deepStrictEqual(result, { status: "new", data, etag: 'W/"a"' });
  result = await ask(fake([answer(304)]), "/x", 'W/"a"');
  assert.deepStrictEqual(result, { status: "same", etag: 'W/"a"' });
  assert.deepStrictEqual(seen, ["", 'W/"a"']);
  assert.strictEqual((await ask(fake([new Error("offline")]), "/x", "")).status, "failed");
  assert.strictEqual((await ask(fake([answer(503, { error: "x" })]), "/x", "")).status, "failed");
  assert.strictEqual((await ask(fake([answer(200, undefined)]), "/x", "")).status, "failed");
});

test("ask says gone when the board is no longer there for this login", async () => {
  const once = (response) => async () => response;
  assert.strictEqual((await ask(once(answer(404, { error: "x" })), "/x", "")).status, "gone");
  assert.strictEqual((await ask(once(answer(403, { error: "x" })), "/x", "")).status, "gone");
  // Logged out: fetch followed the redirect to the login page.
  assert.strictEqual((await ask(once(answer(200, undefined, {}, true)), "/x", "")).status, "gone");
});
