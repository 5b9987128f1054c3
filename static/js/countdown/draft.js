// The deal being typed on the count-down form (pure): a fresh draft or one from a stored record,
// the trick counts with the last active seat holding what the others leave, the record built
// from it, what keeps it from a preview, and why a change is what it is where the plain
// per-trick rule does not say so.

import { Refusal } from "./rules.js";

// ``next``: the deal to enter (countdown/play.js); ``record``: the stored deal being changed.
export function newDraft(next, record) {
  const fresh = { trump: next.herz ? "herz" : "", blind: false, changes: [], out: [], tricks: {}, touched: [] };
  if (!record || typeof record !== "object") return fresh;
  fresh.trump = record.trump || fresh.trump;
  fresh.blind = record.blind === true;
  fresh.changes = Array.isArray(record.trump_changes) ? record.trump_changes.slice() : [];
  fresh.out = Array.isArray(record.out) ? record.out.slice() : [];
  Object.keys(record.tricks || {}).forEach(function (seat) {
    fresh.tricks[seat] = record.tricks[seat];
    fresh.touched.push(Number(seat));
  });
  return fresh;
}

function active(config, draft, next) {
  const seats = [];
  for (let seat = 1; seat <= config.size; seat += 1) {
    if (seat !== next.sitter && draft.out.indexOf(seat) < 0) seats.push(seat);
  }
  return seats;
}

// The trick counts: the last active seat not touched gets what is left of T.
export function trickCounts(config, draft, next) {
  const seats = active(config, draft, next);
  const untouched = seats.filter(function (seat) { return draft.touched.indexOf(seat) < 0; });
  const auto = untouched.length ? untouched[untouched.length - 1] : null;
  const counts = {};
  let sum = 0;
  seats.forEach(function (seat) {
    if (seat === auto) return;
    counts[seat] = draft.touched.indexOf(seat) >= 0 ? draft.tricks[seat] || 0 : 0;
    sum += counts[seat];
  });
  if (auto !== null) counts[auto] = Math.max(0, config.tricks - sum);
  return { counts: counts, auto: auto, sum: sum + (auto !== null ? counts[auto] : 0) };
}

// Why the draft is no deal to preview or enter yet, or null: no trump chosen, or nothing typed
// (the Herz phase presets the trump and the last seat holds the rest, so an untouched form would
// preview the end of a Partie and a tap would save a deal nobody typed).
export function draftBlock(draft) {
  if (!draft.trump) return new Refusal("trump", "choose");
  if (!draft.touched.length && !draft.out.length) return new Refusal("tricks", "untouched");
  return null;
}

export function draftRecord(draft, next, counts) {
  const built = { deal: next.deal, dealer: next.dealer, trump: draft.trump };
  if (draft.blind) built.blind = true;
  if (draft.changes.length) built.trump_changes = draft.changes.slice();
  if (draft.out.length) built.out = draft.out.slice().sort(function (a, b) { return a - b; });
  built.tricks = {};
  Object.keys(counts).sort().forEach(function (seat) { built.tricks[seat] = counts[seat]; });
  return built;
}

// The caller without a trick: "24" Eigentrumpf (doubled; with Gelb and blind said so), 20 ab's
// +10; "" for every other change. ``shown``: the preview ({counts, result}).
export function changeReason(config, draft, next, seat, shown) {
  const texts = config.texts;
  if (seat !== next.caller || shown.counts.counts[seat] !== 0 || shown.result.changes[seat] <= 0) return "";
  if (config.game === "24" && next.options.eigentrumpf) {
    const scoring = draft.changes.length ? draft.changes[draft.changes.length - 1] : draft.trump;
    const colour = draft.blind ? texts.yellow_blind : scoring === "gelb" ? texts.yellow : "";
    return texts.own_trump + (colour ? ", " + colour : "");
  }
  return config.game === "20ab" ? texts.caller_no_trick : "";
}
