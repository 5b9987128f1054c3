// The three-way merge of a sheet's rows (pure): "base" is what the server held when this device
// last heard from it, "local" what this device has, "server" what the server holds now, each a
// map game number → row values, compared through a canon(values, loose, number) function
// (compare.js). Also the bookkeeping of the base after a save. Tested by tests/js/merge.test.mjs.

function byNumber(a, b) { return a - b; }

// Someone else saved meanwhile: their changes are taken where this device changed nothing
// ("taken"), this device's stay where they changed nothing; games changed on both sides, to
// different values, are "clashes" (shown to the captain). Both lists sorted, as numbers.
export function threeWayMerge(base, local, server, canon) {
  const taken = [];
  const clashes = [];
  const numbers = {};
  Object.keys(base).concat(Object.keys(local), Object.keys(server)).forEach(function (n) { numbers[n] = true; });
  Object.keys(numbers).forEach(function (number) {
    const mine = canon(local[number], false, number);
    const before = canon(base[number], false, number);
    if (mine === before) {
      if (canon(server[number], false, number) !== before) taken.push(Number(number));
    } else if (canon(server[number], true, number) !== canon(base[number], true, number) &&
               canon(server[number], true, number) !== canon(local[number], true, number)) {
      clashes.push(Number(number));
    }
  });
  return { taken: taken.sort(byNumber), clashes: clashes.sort(byNumber) };
}

// The games whose values differ between two maps (the soloist left out), sorted.
export function differingGames(local, rows, canon) {
  local = local || {};
  rows = rows || {};
  const games = {};
  Object.keys(local).concat(Object.keys(rows)).forEach(function (number) {
    if (canon(local[number], true, number) !== canon(rows[number], true, number)) games[number] = true;
  });
  return Object.keys(games).map(Number).sort(byNumber);
}

// The base after the server said "saved": the games it stored as sent are now the server's,
// and games past the last stored one are gone from it. Returns a new map.
export function baseAfterSave(base, sent, answer) {
  const next = Object.assign({}, base);
  answer.saved_as_typed.forEach(function (number) { next[number] = sent[number]; });
  Object.keys(next).forEach(function (number) {
    if (Number(number) > answer.stored_games) delete next[number];
  });
  return next;
}

// What a page does with the entry this device kept, by revision: "newer" (the page came from an
// offline cache and is older than the device's knowledge: take the device's base), "older" (the
// sheet changed on the server since: merge as after a conflict), "same" (put back what differs).
export function restoreCase(entry, revision) {
  if (entry.revision > revision) return "newer";
  if (entry.revision < revision) return "older";
  return "same";
}
