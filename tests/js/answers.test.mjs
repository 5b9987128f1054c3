// node --test tests/js/ : the server's answers as the sheet page reads them
// (static/js/sheet/answers.js): status, body and Retry-After of any answer, and the advice for
// an error answer of the autosave.
import test from "node:test";
import assert from "node:assert";
import * as Sync from "../../static/js/sheet/answers.js";

function response(status, headers, body, redirected) {
  const names = {};
  Object.keys(headers).forEach((name) => { names[name.toLowerCase()] = headers[name]; });
  return {
    status,
    redirected: !!redirected,
    headers: { get: (name) => (name.toLowerCase() in names ? names[name.toLowerCase()] : null) },
    json: () => (body instanceof Error ? Promise.reject(body) : Promise.resolve(body)),
  };
}

test("a JSON answer gives its status, body and Retry-After", async () => {
  const answer = await Sync.readAnswer(response(503, { "Content-Type": "application/json", "Retry-After": "7" }, { error: "busy" }));
  assert.deepStrictEqual(answer, { code: 503, data: { error: "busy" }, retryAfter: "7" });
});

test("a page that is not JSON (a proxy's) gives an empty body, never an exception", async () => {
  const answer = await Sync.readAnswer(response(502, { "Content-Type": "text/html" }, null));
  assert.deepStrictEqual(answer, { code: 502, data: {}, retryAfter: null });
  const broken = await Sync.readAnswer(response(500, { "Content-Type": "application/json" }, new SyntaxError("bad")));
  assert.deepStrictEqual(broken.data, {});
  const empty = await Sync.readAnswer(response(200, { "Content-Type": "application/json" }, null));
  assert.deepStrictEqual(empty.data, {});
});

test("a redirect that ends on a page (the login came back) counts as not allowed", async () => {
  const answer = await Sync.readAnswer(response(200, { "Content-Type": "text/html" }, null, true));
  assert.strictEqual(answer.code, 401);
  assert.strictEqual(Sync.errorAdvice(answer.code).text, "error_forbidden");
});

test("error answers: what the page says and whether it sends again", () => {
  assert.deepStrictEqual(Sync.errorAdvice(404), { text: "error_gone", retry: false, stop: true, delay: null });
  assert.strictEqual(Sync.errorAdvice(403).text, "error_forbidden");
  assert.strictEqual(Sync.errorAdvice(403).stop, true);
  const busy = Sync.errorAdvice(503, "5");
  assert.strictEqual(busy.text, "error_busy");
  assert.strictEqual(busy.retry, true);
  assert.strictEqual(busy.delay, 5000);
  assert.strictEqual(Sync.errorAdvice(429, "600").delay, 600000);
  assert.strictEqual(Sync.errorAdvice(500).retry, true);
  assert.strictEqual(Sync.errorAdvice(400).text, "error_refused");
  assert.strictEqual(Sync.errorAdvice(405).stop, true);
});

test("Retry-After is kept between one second and ten minutes", () => {
  assert.strictEqual(Sync.errorAdvice(503, "0").delay, 1000);
  assert.strictEqual(Sync.errorAdvice(503, "99999").delay, 600000);
  assert.strictEqual(Sync.errorAdvice(503, "soon").delay, 5000);
  assert.strictEqual(Sync.errorAdvice(500).delay, 15000);
  assert.strictEqual(Sync.errorAdvice(429).delay, 60000);
});
