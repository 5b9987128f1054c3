// A count-down Partie and a table's round, deal by deal (COUNTDOWN.md §5, §8.2, §8.3): pure,
// as rules/countdown/partie.py and round.py play them. ``playSheet`` replays the rows of a
// sheet (one flat list of deal records, a new Partie after the deal that ended one) and says
// what the next deal is: its number in the round and in its Partie, dealer, caller, who sits
// out, the scores before it, the drop-outs used — what the captain's form prefills and locks.
// Tested by tests/js/countdown_rules.test.mjs against countdown-examples.json.

import {
  GAMES, Refusal, UPPER_END_24, applyDeal, callerOf, checkGame, herzPhase, isInt, left,
  outForbidden, parseOptions, sitterOf, startingScore
} from "./rules.js";

// §5.3: per seat, the opponents with a higher score minus those with a lower one.
export function partiePoints(scores) {
  const points = [null];
  for (let seat = 1; seat < scores.length; seat += 1) {
    let sum = 0;
    for (let other = 1; other < scores.length; other += 1) {
      sum += (scores[other] > scores[seat] ? 1 : 0) - (scores[other] < scores[seat] ? 1 : 0);
    }
    points.push(sum);
  }
  return points;
}

export function lowest(scores) {
  const low = Math.min.apply(null, scores.slice(1));
  const seats = [];
  for (let seat = 1; seat < scores.length; seat += 1) if (scores[seat] === low) seats.push(seat);
  return seats;
}

// §5.1: the winners when the Partie ends after a deal with these scores, else [].
export function endWinners(game, options, scores) {
  const low = lowest(scores);
  if (game === "24") {
    return scores.slice(1).some(function (score) { return score <= 0 || score >= UPPER_END_24; }) ? low : [];
  }
  if (scores[low[0]] > 0) return [];
  if (low.length === 1 || (game === "20ab" && options.tie === "share")) return low;
  return [];
}

export function newPartie(game, options, size) {
  const scores = [null];
  const dropOuts = [null];
  for (let seat = 1; seat <= size; seat += 1) {
    scores.push(startingScore(options));
    dropOuts.push(0);
  }
  return { game: game, options: options, size: size, scores: scores, deals: 0, lastDealer: null, winners: [], dropOuts: dropOuts };
}

// The next deal of ``partie`` (§6.2; paths relative to the record): checked, scored, counted.
export function addDeal(partie, record) {
  if (record === null || typeof record !== "object" || Array.isArray(record)) throw new Refusal(null, "record");
  if (partie.winners.length) throw new Refusal(null, "after_end", { deals: partie.deals });
  if (!isInt(record.deal) || record.deal !== partie.deals + 1) {
    throw new Refusal("deal", "deal_sequence", { expected: partie.deals + 1, got: record.deal });
  }
  if (partie.lastDealer !== null) {
    const expected = left(partie.lastDealer, partie.size);
    if (!isInt(record.dealer) || record.dealer !== expected) {
      throw new Refusal("dealer", "dealer_sequence", { expected: expected, got: record.dealer });
    }
  }
  const result = applyDeal(partie.game, partie.options, partie.scores, record);
  if (partie.game === "20ab") {
    result.deal.out.forEach(function (seat, index) {
      if (partie.dropOuts[seat] >= partie.options.drop_out_limit) {
        throw new Refusal("out[" + index + "]", "out_limit", { seat: seat, limit: partie.options.drop_out_limit });
      }
    });
    result.deal.out.forEach(function (seat) { partie.dropOuts[seat] += 1; });
  }
  partie.deals += 1;
  partie.lastDealer = result.deal.dealer;
  partie.scores = result.scores;
  partie.winners = endWinners(partie.game, partie.options, partie.scores);
  return result;
}

// §9 play_partie: {scores, finished, winners, deals}; refuses "players", "records[i]…".
export function playPartie(game, options, players, records) {
  const key = checkGame(game);
  const parsed = parseOptions(key, options);
  if (!isInt(players) || GAMES[key].sizes.indexOf(players) < 0) {
    throw new Refusal("players", "players", { game: GAMES[key].label, sizes: GAMES[key].sizes.join(", ") });
  }
  if (!Array.isArray(records)) throw new Refusal("records", "records_not_list");
  const partie = newPartie(key, parsed, players);
  records.forEach(function (record, index) {
    try { addDeal(partie, record); } catch (error) {
      if (error instanceof Refusal) throw error.within("records[" + index + "]");
      throw error;
    }
  });
  const scores = {};
  for (let seat = 1; seat <= players; seat += 1) scores[String(seat)] = partie.scores[seat];
  return { scores: scores, finished: partie.winners.length > 0, winners: partie.winners.slice(), deals: partie.deals };
}

// The rows of a sheet played in order (§8.2): each row's Partie, deal, scores before and after,
// changes and, when it ended its Partie, the winners and Partiepunkte; the first refused row
// stops the play (its refusal at its row). ``next`` is the deal to enter after the rows.
// ``stopAfter``: the organiser stopped the table's round after that deal (§8.2; null: not
// stopped): no deal follows it, a row after it is refused as "round_stopped".
export function playSheet(game, optionsJson, size, cycles, records, stopAfter) {
  const stop = isInt(stopAfter) ? stopAfter : null;
  const options = parseOptions(game, optionsJson);
  const length = size * cycles;
  const rows = [];
  const parties = [];
  let partie = null;
  let refused = null;
  records.forEach(function (record, index) {
    const number = index + 1;
    const dealer = index % size + 1;
    if (refused) {
      rows.push({ number: number, dealer: dealer, skipped: true });
      return;
    }
    try {
      if (stop !== null && index >= stop) throw new Refusal(null, "round_stopped", { after: stop });
      if (over(partie, index, length, size)) throw new Refusal(null, "round_over", { deals: index });
      const opened = partie === null || partie.winners.length > 0;
      const current = opened ? newPartie(game, options, size) : partie;
      if (opened && record !== null && typeof record === "object" && !Array.isArray(record) && record.dealer !== dealer) {
        throw new Refusal("dealer", "dealer_sequence", { expected: dealer, got: record && record.dealer });
      }
      const before = current.scores.slice();
      const result = addDeal(current, record);
      if (opened) parties.push(current);
      partie = current;
      const row = { number: number, dealer: dealer, partie: parties.length, deal: current.deals,
        before: before, scores: result.scores, changes: result.changes, record: result.deal, ended: null };
      if (current.winners.length) row.ended = { winners: current.winners.slice(), points: partiePoints(current.scores) };
      rows.push(row);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      refused = { number: number, refusal: error };
      rows.push({ number: number, dealer: dealer, refusal: error });
    }
  });
  const played = refused ? refused.number - 1 : records.length;
  return { rows: rows, refused: refused, parties: parties.length,
    next: stop !== null && played >= stop
      ? { over: true, stopped: stop, number: played + 1, length: length }
      : nextDeal(game, options, size, length, played, refused ? null : partie, parties.length) };
}

function over(partie, deals, length, size) {
  if (length - deals <= 0) return true;
  return partie !== null && partie.winners.length > 0 && length - deals < size;
}

// What the form needs for the deal after ``played`` rows: null when the round is over.
function nextDeal(game, options, size, length, played, partie, parties) {
  if (over(partie, played, length, size)) return { over: true, number: played + 1, length: length };
  const opened = partie === null || partie.winners.length > 0;
  const current = opened ? newPartie(game, options, size) : partie;
  const dealer = played % size + 1;
  const deal = current.deals + 1;
  return {
    over: false, number: played + 1, length: length, partie: opened ? parties + 1 : parties, deal: deal,
    dealer: dealer, caller: callerOf(game, dealer, size), sitter: sitterOf(game, dealer, size),
    herz: herzPhase(game, deal, size), scores: current.scores.slice(), dropOuts: current.dropOuts.slice(),
    options: options, size: size, game: game
  };
}

// Why ``seat`` may not drop out of the next deal with ``trump`` and the drop-outs ``out`` chosen
// so far (§8.6: caller, Karo, Herz phase, variant b off, points floor, limit used up, at least
// two play in "24"), or null.
export function outLock(next, seat, trump, out) {
  const game = next.game;
  const forbidden = outForbidden(game, next.options, {
    seat: seat, sitter: next.sitter, caller: next.caller, trump: trump, deal: next.deal, size: next.size, score: next.scores[seat]
  });
  if (forbidden) return forbidden;
  if (game === "20ab" && next.dropOuts[seat] >= next.options.drop_out_limit) {
    return new Refusal("out", "out_limit", { seat: seat, limit: next.options.drop_out_limit });
  }
  const others = out.filter(function (other) { return other !== seat; }).length;
  if (game === "24" && next.size - others - 1 < 2) return new Refusal("out", "out_too_few");
  return null;
}
