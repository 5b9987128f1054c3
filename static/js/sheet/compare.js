// How this page compares rows: the canonical form (canon.js) with the sheet's solo kinds, its
// plain kind and each row's active seats, read from the sheet form (table size, who sits out)
// each time: the sitter follows the rows before, so it may change as rows are typed.

import { canon as canonical } from "./canon.js";
import { activeSeats as seatsPlaying } from "./heads.js";

function activeSeatsOf(form) {
  return function activeSeats(number) {
    if (number === undefined || number === null) return null;
    const row = form && form.querySelector('tr.game-row[data-game="' + number + '"]');
    if (!row) return null;
    const size = parseInt(form.getAttribute("data-table-size"), 10);
    return seatsPlaying(size, parseInt(row.getAttribute("data-sitting-out"), 10));
  };
}

// canon(values, loose, number): "" for a blank row; ``loose`` leaves the soloist out.
export function makeCanon(form, soloKinds, defaultKind) {
  const activeSeats = activeSeatsOf(form);
  const names = function (attribute) {
    return ((form && form.getAttribute(attribute)) || "").split(" ").filter(Boolean);
  };
  const lines = names("data-line-fields");
  const counted = names("data-counted-fields");
  return function canon(values, loose, number) {
    return canonical(values, {
      loose: !!loose,
      lines: lines,
      counted: counted,
      soloKinds: soloKinds || null,
      defaultKind: defaultKind || null,
      active: activeSeats(number)
    });
  };
}
