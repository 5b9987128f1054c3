// The director's live board, the DOM: put the cards and the summary of a fresh answer into
// the page. Text only through textContent (names are typed by people).
import { cardParts, summaryParts } from "./model.js";

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  if (!text) element.hidden = true;
  return element;
}

export function card(table) {
  const parts = cardParts(table);
  const item = document.createElement("li");
  item.className = parts.className;
  item.dataset.table = parts.number;
  const link = document.createElement("a");
  link.href = parts.href;
  const head = document.createElement("span");
  head.className = "board-head";
  const title = document.createElement("strong");
  title.className = "board-title";
  title.textContent = parts.title;
  head.append(title, " ", span(parts.badgeClass, parts.stateLabel));
  const progress = document.createElement("span");
  progress.className = "board-progress";
  const bar = document.createElement("progress");
  bar.max = parts.length;
  bar.value = parts.games;
  bar.textContent = parts.progress;
  progress.append(bar, " ", span("board-count", parts.progress));
  const captain = span("board-captain", parts.captain);
  captain.hidden = false;
  link.append(
    head,
    captain,
    progress,
    span("board-last", parts.last),
    span("board-quiet", parts.quiet),
    span("board-extra", parts.extra),
  );
  item.append(link);
  return item;
}

export function render(root, data) {
  const lines = summaryParts(data.summary);
  for (const [name, text] of Object.entries(lines)) {
    const line = root.querySelector(".board-" + name);
    if (!line) continue;
    const target = line.querySelector("strong") || line;
    target.textContent = text;
    line.hidden = !text;
  }
  const list = root.querySelector("#board-tables");
  list.replaceChildren(...data.tables.map(card));
  const updated = document.getElementById("board-updated");
  if (updated) updated.textContent = data.updated;
}
