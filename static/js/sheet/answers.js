// The server's answers to the page's requests (pure: works on any Response-like object): what
// an answer says, and what the page does with an error answer of the autosave. Tested by
// tests/js/answers.test.mjs.

// Any answer of the server, JSON or not (a proxy's page): its status, its JSON body or {}.
export function readAnswer(response) {
  const type = response.headers.get("Content-Type") || "";
  const body = type.indexOf("json") >= 0 ? response.json().catch(function () { return {}; }) : Promise.resolve({});
  // Redirected (the desk's login ended: the login page came back): not allowed any more.
  const code = response.redirected && response.status === 200 ? 401 : response.status;
  return body.then(function (data) {
    return { code: code, data: data || {}, retryAfter: response.headers.get("Retry-After") };
  });
}

// What the page does with an answer of the autosave that is neither saved nor a conflict:
// ``text`` names the message (sheet_texts), ``retry`` whether to send again by itself (after
// ``Retry-After`` seconds when given), ``stop`` whether sending is pointless until the captain
// acts (a new link, a reload). Only a request that got no answer at all is "offline".
export function errorAdvice(status, retryAfter) {
  const seconds = parseInt(retryAfter, 10);
  const delay = isNaN(seconds) ? null : Math.min(Math.max(seconds, 1), 600) * 1000;
  if (status === 404 || status === 410) return { text: "error_gone", retry: false, stop: true, delay: null };
  if (status === 403 || status === 401) return { text: "error_forbidden", retry: false, stop: true, delay: null };
  if (status === 429) return { text: "error_too_many", retry: true, stop: false, delay: delay || 60000 };
  if (status === 502 || status === 503 || status === 504) {
    return { text: "error_busy", retry: true, stop: false, delay: delay || 5000 };
  }
  if (status >= 500) return { text: "error_server", retry: true, stop: false, delay: delay || 15000 };
  return { text: "error_refused", retry: false, stop: true, delay: null };
}
