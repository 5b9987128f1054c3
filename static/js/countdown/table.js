// The sheet's table of a count-down round, painted from the play of its rows (countdown/play.js,
// offline too): per deal the trump and, per seat, the tricks or "aus" and the new score; a rule
// and the winners where a Partie ended; the rows still to come hidden but the next one.

import { element } from "../sheet/page.js";
import { colourLabel, num } from "./words.js";

// ``closed``: no deal follows here (a sheet handed in, confirmed or closed).
export function paintTable(rows, config, sheet, count, editing, closed) {
  rows.list.forEach(function (main) {
    const number = Number(main.getAttribute("data-game"));
    const parts = rows.parts(number);
    const row = sheet.rows[number - 1];
    const later = number > count + (sheet.next.over || closed ? 0 : 1);
    main.classList.toggle("cd-later", later);
    parts.info.classList.toggle("cd-later", later);
    main.classList.toggle("cd-editing", editing === number);
    main.classList.toggle("partie-end", !!(row && row.ended));
    main.classList.toggle("cd-refused", !!(row && row.refusal));
    // Typed after the organiser's stop: not a mistake to correct, a deal that does not count.
    main.classList.toggle("row-void", !!(row && row.refusal && row.refusal.code === "round_stopped") ||
      !!(row && row.skipped && sheet.next.stopped));
    const edit = main.querySelector(".cd-edit");
    if (edit) edit.classList.toggle("hidden", number > count);
    const trump = main.querySelector(".trump-col");
    if (trump) trump.textContent = row && row.record ? trumpText(config, row.record) : "";
    main.querySelectorAll("td.cd-cell").forEach(function (cell) {
      const seat = Number(cell.getAttribute("data-seat"));
      cell.replaceChildren();
      cell.classList.remove("winner");
      if (!row || !row.record) return;
      const deal = row.record;
      let played = "\u2013";
      if (deal.out.indexOf(seat) >= 0) played = config.names.out;
      else if (Object.prototype.hasOwnProperty.call(deal.tricks, seat)) played = String(deal.tricks[seat]);
      cell.appendChild(element("span", "cd-played", played));
      cell.appendChild(element("span", "cd-stand", num(row.scores[seat])));
      if (row.ended && row.ended.winners.indexOf(seat) >= 0) cell.classList.add("winner");
    });
  });
}

function trumpText(config, deal) {
  let text = colourLabel(config, deal.trump) + (deal.blind ? " blind" : "");
  if (deal.trumpChanges.length) {
    text += " \u2192 " + deal.trumpChanges.map(function (colour) { return colourLabel(config, colour); }).join(" \u2192 ");
  }
  return text;
}
