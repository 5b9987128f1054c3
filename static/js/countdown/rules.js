// The count-down games' deal rules for the captain's form (COUNTDOWN.md §3, §4, §6.1, §7):
// pure (no document, no network), the same checks in the same order as rules/countdown
// (options.py, deal.py, record.py), so that the phone scores a deal offline exactly as the
// server will. The server stays the authority: it scores again when the deal is saved.
// A refusal is thrown as a Refusal naming the field path ("tricks.3", "out[0]") and a code of
// rules/countdown/messages.py; the page words it from the catalogue the server embeds.
// Tested by tests/js/countdown_rules.test.mjs against countdown-examples.json.

const COMMON = ["deal", "dealer", "caller", "trump", "out", "tricks"];

export const GAMES = {
  "24": { label: "24", tricks: 6, colours: ["gelb", "rot", "blau", "gruen"], sizes: [2, 3, 4, 5],
    callerRight: false, sitsOutAtFive: false, keys: COMMON.concat(["blind", "trump_changes"]) },
  zwanzig: { label: "Zwanzig", tricks: 5, colours: ["karo", "herz", "pik", "kreuz"], sizes: [3, 4, 5],
    callerRight: false, sitsOutAtFive: true, keys: COMMON },
  "20ab": { label: "20 ab", tricks: 5, colours: ["karo", "herz", "pik", "kreuz"], sizes: [3, 4, 5],
    callerRight: true, sitsOutAtFive: true, keys: COMMON }
};

const OPTION_NAMES = {
  "24": ["trumpfwechsel", "eigentrumpf", "aussteigen", "punktgrenzen"],
  zwanzig: [],
  "20ab": ["start", "no_drop_out_at_or_below", "drop_out_limit", "tie"]
};
export const UPPER_END_24 = 48;
export const NO_DROP_OUT_24_AT_OR_BELOW = 19;
export const BLIND_FROM_24 = 25;
const MAX_TRUMP_CHANGES = 4;
const SCORE_LIMIT = 1e9;

export class Refusal extends Error {
  constructor(field, code, params) {
    super(code);
    this.field = field;
    this.code = code;
    this.params = params || {};
  }

  // The same refusal inside a Partie or a round ("records[2]" + "out[0]").
  within(prefix) {
    let field = prefix;
    if (this.field && this.field.charAt(0) === "[") field = prefix + this.field;
    else if (this.field) field = prefix + "." + this.field;
    return new Refusal(field, this.code, this.params);
  }
}

// A JSON integer: true is no number; 3.0 parses to 3 in JavaScript, so the page never sends it.
export function isInt(value) {
  return typeof value === "number" && Number.isInteger(value);
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

export function left(seat, size) { return seat % size + 1; }
export function right(seat, size) { return ((seat - 2) % size + size) % size + 1; }

export function callerOf(game, dealer, size) {
  return GAMES[game].callerRight ? right(dealer, size) : left(dealer, size);
}

export function sitterOf(game, dealer, size) {
  return GAMES[game].sitsOutAtFive && size === 5 ? dealer : null;
}

export function herzPhase(game, deal, size) {
  return game === "zwanzig" && deal >= 2 * size + 1;
}

export function checkGame(game) {
  if (typeof game !== "string" || !has(GAMES, game)) throw new Refusal("game", "game", { got: String(game) });
  return game;
}

function optionBool(data, name, fallback) {
  const value = has(data, name) ? data[name] : fallback;
  if (typeof value !== "boolean") throw new Refusal("options." + name, "option_bool", { name: name });
  return value;
}

function optionInt(data, name, fallback, low, high) {
  const value = has(data, name) ? data[name] : fallback;
  if (!isInt(value) || value < low || value > high) {
    throw new Refusal("options." + name, "option_range", { name: name, low: low, high: high });
  }
  return value;
}

// The options in force (defaults filled in), refusing "options.<key>" as options.py does.
export function parseOptions(game, data) {
  checkGame(game);
  if (data === null || data === undefined) data = {};
  if (!isObject(data)) throw new Refusal("options", "options_not_object");
  const names = OPTION_NAMES[game];
  Object.keys(data).sort().forEach(function (key) {
    if (names.indexOf(key) < 0) {
      throw new Refusal("options." + key, "option_unknown", { game: GAMES[game].label, name: key, known: names.join(", ") || "keine" });
    }
  });
  const options = { game: game, trumpfwechsel: false, eigentrumpf: true, aussteigen: false, punktgrenzen: false,
    start: 20, no_drop_out_at_or_below: 5, drop_out_limit: 5, tie: "play_on" };
  if (game === "24") {
    options.trumpfwechsel = optionBool(data, "trumpfwechsel", false);
    options.eigentrumpf = optionBool(data, "eigentrumpf", !options.trumpfwechsel);
    options.aussteigen = optionBool(data, "aussteigen", false);
    options.punktgrenzen = optionBool(data, "punktgrenzen", false);
  } else if (game === "20ab") {
    options.start = optionInt(data, "start", 20, 10, 50);
    options.no_drop_out_at_or_below = optionInt(data, "no_drop_out_at_or_below", 5, 0, options.start - 1);
    const limit = has(data, "drop_out_limit") ? data.drop_out_limit : 5;
    if (!isInt(limit) || [3, 4, 5].indexOf(limit) < 0) {
      throw new Refusal("options.drop_out_limit", "option_choice", { name: "drop_out_limit", allowed: "3, 4, 5" });
    }
    options.drop_out_limit = limit;
    const tie = has(data, "tie") ? data.tie : "play_on";
    if (tie !== "play_on" && tie !== "share") {
      throw new Refusal("options.tie", "option_choice", { name: "tie", allowed: "play_on, share" });
    }
    options.tie = tie;
  }
  return options;
}

export function startingScore(options) {
  if (options.game === "24") return 24;
  if (options.game === "20ab") return options.start;
  return 20;
}

// {"1": …, …, "n": …} → [score of seat 1, …] with index 0 unused (seat numbers index it).
export function checkScores(game, scoresBefore) {
  const sizes = GAMES[game].sizes;
  const refusal = new Refusal("scores_before", "scores_before", { sizes: sizes.join(", ") });
  if (!isObject(scoresBefore)) throw refusal;
  const size = Object.keys(scoresBefore).length;
  if (sizes.indexOf(size) < 0) throw refusal;
  for (let seat = 1; seat <= size; seat += 1) if (!has(scoresBefore, String(seat))) throw refusal;
  const scores = [null];
  for (let seat = 1; seat <= size; seat += 1) {
    const value = scoresBefore[String(seat)];
    if (!isInt(value) || value <= -SCORE_LIMIT || value >= SCORE_LIMIT) {
      throw new Refusal("scores_before." + seat, "score_not_int", { seat: seat });
    }
    scores.push(value);
  }
  return scores;
}

function isSeat(value, size) { return isInt(value) && value >= 1 && value <= size; }

function readTrump(game, record, deal, size) {
  const facts = GAMES[game];
  const trump = record.trump;
  if (typeof trump !== "string" || facts.colours.indexOf(trump) < 0) {
    throw new Refusal("trump", "trump", { game: facts.label, colours: facts.colours.join(", ") });
  }
  if (herzPhase(game, deal, size) && trump !== "herz") throw new Refusal("trump", "trump_herz_phase", { first: 2 * size + 1 });
  return trump;
}

function readBlind(record, options, trump, caller, scores) {
  const blind = has(record, "blind") ? record.blind : false;
  if (typeof blind !== "boolean") throw new Refusal("blind", "blind_not_bool");
  if (blind && trump !== "gelb") throw new Refusal("blind", "blind_not_gelb");
  if (blind && options.punktgrenzen && scores[caller] < BLIND_FROM_24) {
    throw new Refusal("blind", "blind_below", { low: BLIND_FROM_24, seat: caller, score: scores[caller] });
  }
  return blind;
}

function readChanges(game, record, options, trump, blind) {
  const changes = has(record, "trump_changes") ? record.trump_changes : [];
  if (!Array.isArray(changes)) throw new Refusal("trump_changes", "changes_not_list");
  if (!changes.length) return [];
  if (!options.trumpfwechsel) throw new Refusal("trump_changes", "changes_without_variant");
  if (blind) throw new Refusal("trump_changes", "changes_with_blind");
  if (changes.length > MAX_TRUMP_CHANGES) throw new Refusal("trump_changes", "changes_too_many", { most: MAX_TRUMP_CHANGES });
  const facts = GAMES[game];
  let inForce = trump;
  changes.forEach(function (colour, index) {
    if (typeof colour !== "string" || facts.colours.indexOf(colour) < 0) {
      throw new Refusal("trump_changes[" + index + "]", "change_colour", { game: facts.label, colours: facts.colours.join(", ") });
    }
    if (colour === inForce) throw new Refusal("trump_changes[" + index + "]", "change_same", { colour: colour });
    inForce = colour;
  });
  return changes.slice();
}

// Why ``seat`` may not drop out of a deal whatever the others do (§6.1 steps 12–14), or null:
// the sitting-out dealer, the caller, the variant, Karo, the Herz phase, the points floor.
export function outForbidden(game, options, facts) {
  const seat = facts.seat;
  if (seat === facts.sitter) return new Refusal("out", "out_sitter", { seat: seat });
  if (seat === facts.caller) return new Refusal("out", "out_caller", { seat: seat });
  if (game === "24" && !options.aussteigen) return new Refusal("out", "out_without_variant");
  if (game === "zwanzig" && facts.trump === "karo") return new Refusal("out", "out_karo");
  if (herzPhase(game, facts.deal, facts.size)) return new Refusal("out", "out_herz_phase", { first: 2 * facts.size + 1 });
  const floor = outFloor(game, options);
  if (floor !== null && facts.score <= floor) {
    return new Refusal("out", "out_floor", { score: facts.score, floor: floor, seat: seat });
  }
  return null;
}

export function outFloor(game, options) {
  if (game === "24" && options.punktgrenzen) return NO_DROP_OUT_24_AT_OR_BELOW;
  if (game === "20ab") return options.no_drop_out_at_or_below;
  return null;
}

function readOut(game, record, options, deal, size, trump, caller, sitter, scores) {
  const out = has(record, "out") ? record.out : [];
  if (!Array.isArray(out)) throw new Refusal("out", "out_not_list");
  const seen = [];
  out.forEach(function (seat, index) {
    const field = "out[" + index + "]";
    if (!isSeat(seat, size)) throw new Refusal(field, "out_not_seat", { size: size });
    if (seen.indexOf(seat) >= 0) throw new Refusal(field, "out_twice", { seat: seat });
    if (seat === sitter) throw new Refusal(field, "out_sitter", { seat: seat });
    if (seat === caller) throw new Refusal(field, "out_caller", { seat: seat });
    seen.push(seat);
  });
  if (!out.length) return [];
  if (game === "24" && !options.aussteigen) throw new Refusal("out", "out_without_variant");
  if (game === "zwanzig" && trump === "karo") throw new Refusal("out", "out_karo");
  if (herzPhase(game, deal, size)) throw new Refusal("out", "out_herz_phase", { first: 2 * size + 1 });
  if (game === "24" && size - out.length < 2) throw new Refusal("out", "out_too_few");
  const floor = outFloor(game, options);
  out.forEach(function (seat, index) {
    if (floor !== null && scores[seat] <= floor) {
      throw new Refusal("out[" + index + "]", "out_floor", { score: scores[seat], floor: floor, seat: seat });
    }
  });
  return out.slice();
}

function readTricks(game, record, size, active) {
  const tricks = record.tricks;
  const most = GAMES[game].tricks;
  if (!isObject(tricks)) throw new Refusal("tricks", "tricks_not_object");
  const result = {};
  for (let seat = 1; seat <= size; seat += 1) {
    const key = String(seat);
    const playing = active.indexOf(seat) >= 0;
    if (has(tricks, key) && !playing) throw new Refusal("tricks." + key, "tricks_not_playing", { seat: seat });
    if (!has(tricks, key)) {
      if (playing) throw new Refusal("tricks." + key, "tricks_missing", { seat: seat });
      continue;
    }
    const value = tricks[key];
    if (!isInt(value) || value < 0 || value > most) throw new Refusal("tricks." + key, "tricks_value", { tricks: most });
    result[seat] = value;
  }
  Object.keys(tricks).filter(function (key) { return !(/^[1-9]$/.test(key) && Number(key) <= size); }).sort().forEach(function (key) {
    throw new Refusal("tricks." + key, "tricks_not_seat");
  });
  const total = Object.keys(result).reduce(function (sum, seat) { return sum + result[seat]; }, 0);
  if (total !== most) throw new Refusal("tricks", "tricks_sum", { got: total, tricks: most });
  return result;
}

// Check ``record`` against the scores before the deal (§6.1 steps 4–15): the checked deal.
export function readDeal(game, options, scores, record) {
  const facts = GAMES[game];
  const size = scores.length - 1;
  if (!isObject(record)) throw new Refusal("record", "record");
  const unknown = Object.keys(record).filter(function (key) { return facts.keys.indexOf(key) < 0; }).sort();
  if (unknown.length) {
    throw new Refusal(unknown[0], "unknown_key", { key: unknown[0].slice(0, 40), game: facts.label, known: facts.keys.slice().sort().join(", ") });
  }
  const deal = record.deal;
  if (!isInt(deal) || deal < 1) throw new Refusal("deal", "deal");
  const dealer = record.dealer;
  if (!isSeat(dealer, size)) throw new Refusal("dealer", "dealer", { size: size });
  const caller = callerOf(game, dealer, size);
  const given = has(record, "caller") ? record.caller : null;
  if (given !== null && (!isSeat(given, size) || given !== caller)) {
    throw new Refusal("caller", "caller", { expected: caller, dealer: dealer, got: JSON.stringify(given) });
  }
  const trump = readTrump(game, record, deal, size);
  let blind = false;
  let changes = [];
  if (game === "24") {
    blind = readBlind(record, options, trump, caller, scores);
    changes = readChanges(game, record, options, trump, blind);
  }
  const sitter = sitterOf(game, dealer, size);
  const out = readOut(game, record, options, deal, size, trump, caller, sitter, scores);
  const active = [];
  for (let seat = 1; seat <= size; seat += 1) if (seat !== sitter && out.indexOf(seat) < 0) active.push(seat);
  const tricks = readTricks(game, record, size, active);
  return { deal: deal, dealer: dealer, caller: caller, trump: trump, blind: blind, trumpChanges: changes,
    out: out, sitter: sitter, tricks: tricks, scoringColour: changes.length ? changes[changes.length - 1] : trump };
}

// Each active seat's change (§4): tricks take points off, no trick adds the deal's total.
export function changesOf(game, options, deal) {
  const changes = {};
  Object.keys(deal.tricks).forEach(function (key) {
    const seat = Number(key);
    const tricks = deal.tricks[key];
    let value;
    let empty;
    if (game === "24") {
      value = deal.blind ? 4 : deal.scoringColour === "gelb" ? 2 : 1;
      empty = seat === deal.caller && options.eigentrumpf ? 12 * value : 6 * value;
    } else if (game === "zwanzig") {
      value = deal.trump === "herz" ? 2 : 1;
      empty = 5 * value;
    } else {
      value = 1;
      empty = seat === deal.caller ? 10 : 5;
    }
    changes[seat] = tricks ? -tricks * value : empty;
  });
  return changes;
}

// One deal from checked scores ([null, s1, …, sn]): {deal, scores, changes} in the same shape.
export function applyDeal(game, options, scores, record) {
  const deal = readDeal(game, options, scores, record);
  const played = changesOf(game, options, deal);
  const changes = [null];
  const after = [null];
  for (let seat = 1; seat < scores.length; seat += 1) {
    changes.push(played[seat] || 0);
    after.push(scores[seat] + changes[seat]);
  }
  return { deal: deal, scores: after, changes: changes };
}

// §9 score_deal: the checks of §6.1 in their order; scores and changes as {"seat": n}.
export function scoreDeal(game, options, scoresBefore, record) {
  const key = checkGame(game);
  const parsed = parseOptions(key, options);
  const scores = checkScores(key, scoresBefore);
  const result = applyDeal(key, parsed, scores, record);
  return { scores: bySeat(result.scores), changes: bySeat(result.changes) };
}

export function bySeat(list) {
  const object = {};
  for (let seat = 1; seat < list.length; seat += 1) object[String(seat)] = list[seat];
  return object;
}
