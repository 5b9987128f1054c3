// The director's live board (an ES module): ask the board's JSON every few seconds with the
// last ETag (a 304 while nothing changed) and redraw the cards when there is news, without
// loading the page again. Without JavaScript the page is the board at the time it was loaded.
import { ask, nextDelay } from "./board/model.js";
import { render } from "./board/render.js";

const root = document.getElementById("board");
if (root && window.fetch) {
  const seconds = parseInt(root.dataset.boardSeconds, 10) || 10;
  // The threshold and order in force, as the page's form shows them (not the address typed:
  // the page shows the default for a wrong number, which the JSON would refuse).
  const form = document.querySelector("form.board-controls");
  const query = form ? "?" + new URLSearchParams(new FormData(form)).toString() : "";
  const url = root.dataset.boardUrl + query;
  const offline = document.getElementById("board-offline");
  let etag = "";
  let failures = 0;
  let timer = null;
  let asking = false;

  const poll = async () => {
    if (asking) return;
    window.clearTimeout(timer);
    asking = true;
    if (!document.hidden) {
      const answer = await ask(window.fetch.bind(window), url, etag);
      if (answer.status === "gone") {
        window.location.reload();
        return;
      }
      failures = answer.status === "failed" ? failures + 1 : 0;
      if (offline) offline.hidden = failures === 0;
      if (answer.status === "new") {
        etag = answer.etag;
        render(root, answer.data);
      }
    }
    asking = false;
    timer = window.setTimeout(poll, nextDelay(seconds, failures) * 1000);
  };
  timer = window.setTimeout(poll, seconds * 1000);
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) poll();
  });
}
