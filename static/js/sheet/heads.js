// Who deals each row and who sits it out, as the server derives them from the rows before it
// (rows are sequential: a DDV Pflichtsolo repeats the dealer, a penalty line deals nothing, so a
// row typed or changed moves the dealers of the rows after it). Pure: no document, no network.
// Tested by tests/js/heads.test.mjs.

// ``shown``: {number: {dealer, sittingOut}} as the page shows the rows now; ``rows``: the live
// preview's rows ({number, dealer, sitting_out}). The rows whose dealer or sitter differ, with
// the server's values; a preview row without a dealer (an older server) changes nothing.
export function headChanges(shown, rows) {
  const changes = [];
  (rows || []).forEach(function (row) {
    if (row.dealer === undefined || row.dealer === null) return;
    const before = shown[row.number];
    if (!before) return;
    const sittingOut = row.sitting_out || null;
    if (before.dealer !== row.dealer || (before.sittingOut || null) !== sittingOut) {
      changes.push({ number: row.number, dealer: row.dealer, sittingOut: sittingOut });
    }
  });
  return changes;
}

// The seats that play a row: every seat of the table but the one sitting out.
export function activeSeats(tableSize, sittingOut) {
  const seats = [];
  for (let seat = 1; seat <= tableSize; seat += 1) if (seat !== sittingOut) seats.push(seat);
  return seats;
}
