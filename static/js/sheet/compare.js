// How this page compares rows: the canonical form (canon.js) with the sheet's solo kinds and
// each row's active seats, read once from the sheet form (table size, who sits out).

import { canon as canonical } from "./canon.js";

function activeSeatsOf(form) {
  const cache = {};
  return function activeSeats(number) {
    if (number === undefined || number === null) return null;
    if (cache[number] !== undefined) return cache[number];
    const row = form && form.querySelector('tr.game-row[data-game="' + number + '"]');
    let seats = null;
    if (row) {
      const size = parseInt(form.getAttribute("data-table-size"), 10);
      const out = parseInt(row.getAttribute("data-sitting-out"), 10);
      seats = [];
      for (let seat = 1; seat <= size; seat += 1) if (seat !== out) seats.push(seat);
    }
    cache[number] = seats;
    return seats;
  };
}

// canon(values, loose, number): "" for a blank row; ``loose`` leaves the soloist out.
export function makeCanon(form, soloKinds) {
  const activeSeats = activeSeatsOf(form);
  return function canon(values, loose, number) {
    return canonical(values, { loose: !!loose, soloKinds: soloKinds || null, active: activeSeats(number) });
  };
}
