// Who deals each row while the server cannot say (offline), derived from the rows as the
// server derives it, by the rule the ruleset gives the page (data-deal-rule; none: the rows
// keep the dealers the server rendered). Pure: no document, no network. Tested by
// tests/js/deal.test.mjs against the DDV's example rounds.
//
// The rule (``rules.base.Ruleset.deal_rule``): ``mode_input`` (the row's input of the solo's
// mode), ``games`` of the round, ``time_up_after`` (the
// game after which time was called, or null), ``solo_kinds`` (announced solos, which may be a
// Pflichtsolo), ``repeat`` (the solo mode after which the same seat deals again),
// ``owed_modes`` (the modes that play a seat's owed solo), ``modes`` (the modes the ruleset
// fills in for a solo typed without one: [owed, voluntary, due]). The rules are DDV.md §9.2–§9.5
// (``rules/ddv/deal.py``): after ``repeat`` the dealer deals again, after any other game the
// left neighbour; a line of its own (a penalty line) moves nothing; at five the dealer sits out,
// and the next seat deals when the only seat still owing is the one whose turn it is and its
// solo is due.

function dealState(rule, tableSize) {
  const owed = {};
  for (let seat = 1; seat <= tableSize; seat += 1) owed[seat] = true;
  const state = { turn: 1, games: 0, owed: owed };

  function leftOf(seat) { return seat % tableSize + 1; }
  function owing() { return Object.keys(owed).map(Number).filter(function (seat) { return owed[seat]; }); }
  function timeUp() { return rule.time_up_after !== null && rule.time_up_after !== undefined && state.games >= rule.time_up_after; }
  function due() {
    const seats = owing();
    return seats.length > 0 && (seats.length === rule.games - state.games || timeUp());
  }
  function dealer() {
    const seats = owing();
    if (tableSize === 5 && due() && seats.length === 1 && seats[0] === state.turn) return leftOf(state.turn);
    return state.turn;
  }
  function designated() {
    if (!due()) return null;
    const from = dealer();
    for (let step = 1; step <= tableSize; step += 1) {
      const seat = (from + step - 1) % tableSize + 1;
      if (tableSize === 5 && seat === from) continue;
      if (owed[seat]) return seat;
    }
    return null;
  }
  // The mode the ruleset fills in for a solo by ``soloist`` typed without one.
  function filledMode(soloist) {
    if (due()) return designated() === soloist ? rule.modes[2] : null;
    if (!(soloist in owed)) return null;
    return owed[soloist] ? rule.modes[0] : rule.modes[1];
  }
  function play(mode, soloist) {
    const from = dealer();
    state.games += 1;
    if (rule.owed_modes.indexOf(mode) >= 0 && soloist && owed[soloist]) owed[soloist] = false;
    state.turn = mode === rule.repeat ? from : leftOf(from);
  }
  return { dealer: dealer, filledMode: filledMode, play: play, owes: function (seat) { return !!owed[seat]; } };
}

// One winner: the soloist won; three: the active seat left over lost.
function impliedSoloist(winners, tableSize, out) {
  const seats = String(winners || "").replace(/\D/g, "").split("").map(Number);
  if (seats.length === 1) return seats[0];
  if (seats.length !== 3) return null;
  const rest = [];
  for (let seat = 1; seat <= tableSize; seat += 1) if (seat !== out && seats.indexOf(seat) < 0) rest.push(seat);
  return rest.length === 1 ? rest[0] : null;
}

// ``rows``: the rows' values in order ({kind, winners, soloist, record, line and the mode input};
// ``line``
// true for a row that is a line of its own). Returns [{number, dealer, sitting_out}] per row,
// numbered from 1, as the live preview's rows say them.
export function dealRows(rule, rows, tableSize) {
  const state = dealState(rule, tableSize);
  return rows.map(function (values, index) {
    const dealer = state.dealer();
    const out = tableSize === 5 ? dealer : null;
    const head = { number: index + 1, dealer: dealer, sitting_out: out };
    if (values.line) return head;
    let record = {};
    if (values.record) {
      try { record = JSON.parse(values.record) || {}; } catch (error) { record = {}; }
    }
    const kind = record.kind || values.kind || "";
    let soloist = null;
    let mode = values[rule.mode_input] || record[rule.mode_input] || null;
    if (rule.solo_kinds.indexOf(kind) >= 0) {
      if (Array.isArray(record.re) && record.re.length === 1) soloist = record.re[0];
      else soloist = parseInt(values.soloist, 10) || impliedSoloist(values.winners, tableSize, out);
      if (!mode && soloist) mode = state.filledMode(soloist);
    } else {
      mode = null;
    }
    // A Pflichtsolo said twice (the server refuses it) moves the deal as a game like any other.
    if (mode === rule.repeat && soloist && !state.owes(soloist)) mode = null;
    state.play(mode, soloist);
    return head;
  });
}
