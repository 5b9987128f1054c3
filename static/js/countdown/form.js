// The captain's form per deal (COUNTDOWN.md §8.6): dealer and caller prefilled by name, trump as
// buttons (locked to Herz in Zwanzig's Herz phase), "Gelb blind" and the trump changes where the
// game has them, "aus" per seat (disabled with the rule's reason where the rules forbid it), a
// trick stepper per active seat with the last one filled in, the new scores as a live preview
// (scored here, offline too: countdown/rules.js), the end of a Partie with its winners and
// Partiepunkte, and "Spiel 17 von 24". "Enter" writes the deal as its row's record; the shared
// sheet parts save it. The table below is painted from the same play (countdown/table.js).

import { element } from "../sheet/page.js";
import { applyDeal, BLIND_FROM_24, Refusal } from "./rules.js";
import { endWinners, outLock, partiePoints, playSheet } from "./play.js";
import { colourLabel, describeDeal, fill, namedMessage, num, refusalText, seatName, signed } from "./words.js";
import { paintTable } from "./table.js";
import { changeReason, draftBlock, draftRecord, newDraft, trickCounts } from "./draft.js";

export { describeDeal };

// The deals' records, row by row, up to the first empty row (malformed JSON as its text).
function readRecords(rows) {
  const list = [];
  for (let number = 1; number <= rows.list.length; number += 1) {
    const input = rows.field(number, "record");
    const text = input ? input.value.trim() : "";
    if (!text) break;
    let record = null;
    try { record = JSON.parse(text); } catch (error) { record = text; }
    list.push(record);
  }
  return list;
}

// A sheet that is not typed here any more: its table only.
export function paintSheet(rows, config) {
  const list = readRecords(rows);
  const sheet = playSheet(config.game, config.options, config.size, config.cycles, list, config.stop_after);
  paintTable(rows, config, sheet, list.length, null, true);
}

// ``hooks.changed()`` after a deal was written to its row.
export function bindDealForm(rows, config, hooks) {
  const form = rows.form;
  const box = document.getElementById("deal-entry");
  const texts = config.texts;
  const gameLabel = form.getAttribute("data-game-label") || "%s:";
  let editing = null;  // the row number being changed, null for the next deal
  let draft = null;
  let focusKey = null;
  let drawn = "";  // the rows the form was drawn for

  function records() { return readRecords(rows); }

  function play(list) { return playSheet(config.game, config.options, config.size, config.cycles, list, config.stop_after); }

  // The deal as typed, scored from the scores before it: {record, result, refusal, winners}.
  function preview(next) {
    const counts = trickCounts(config, draft, next);
    const built = draftRecord(draft, next, counts.counts);
    const block = draftBlock(draft);
    if (block) return { record: built, counts: counts, refusal: block };
    try {
      const result = applyDeal(config.game, next.options, next.scores, built);
      return { record: built, counts: counts, result: result, winners: endWinners(config.game, next.options, result.scores) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { record: built, counts: counts, refusal: error };
    }
  }

  function render() {
    const list = records();
    drawn = JSON.stringify(list);
    const sheet = play(list);
    paintTable(rows, config, sheet, list.length, editing);
    const counter = document.getElementById("cd-counter");
    // A deal this device refuses (typed elsewhere, or changed before it) is the one to fix.
    const at = editing !== null ? editing : sheet.refused ? sheet.refused.number : null;
    const target = at === null ? sheet.next : play(list.slice(0, at - 1)).next;
    if (counter) counter.textContent = fill(form.getAttribute("data-count-text"), [list.length, target.length]);
    box.replaceChildren();
    box.classList.remove("hidden");
    if (at === null) announceEnd(sheet, list.length);
    if (sheet.refused && sheet.refused.refusal.code === "round_stopped" && editing === null) {
      const notice = element("p", "notice warning cd-stopped-rows", fill(texts.stopped_rows, [sheet.refused.number, config.stop_after]));
      notice.setAttribute("role", "alert");
      box.appendChild(notice);
    } else if (sheet.refused && editing === null) {
      const problem = element("p", "cd-problem", refusalText(config, gameLabel, sheet.refused.number, sheet.refused.refusal));
      problem.setAttribute("role", "alert");
      box.appendChild(problem);
    }
    if (target.over) {
      const over = element("p", "cd-round-over", target.stopped ? fill(texts.stopped, [target.stopped]) : texts.round_over);
      over.setAttribute("role", "status");
      box.appendChild(over);
      paintRemove(list.length);
      return;
    }
    if (!draft) draft = newDraft(target, at === null ? null : list[at - 1]);
    const shown = preview(target);
    paintHead(target);
    paintTrump(target);
    paintSeats(target, shown);
    paintOutcome(target, shown);
    paintButtons(target, shown, list.length);
    if (focusKey) {
      const again = box.querySelector('[data-key="' + focusKey + '"]');
      if (again && !again.disabled) again.focus();
      focusKey = null;
    }
  }

  // After a deal that ended a Partie: who won it, the Partiepunkte, and what comes next.
  function announceEnd(sheet, count) {
    const last = sheet.rows[count - 1];
    if (!last || !last.ended) return;
    const notice = element("div", "notice ok cd-ended");
    notice.setAttribute("role", "status");
    notice.appendChild(element("strong", "", fill(texts.ended, [last.partie]) + " " + fill(texts.winners, [names(last.ended.winners)])));
    notice.appendChild(element("p", "", fill(texts.points, [pointsText(last.ended.points)])));
    if (!sheet.next.over) notice.appendChild(element("p", "", fill(texts.next_partie, [last.partie + 1, sheet.next.scores[1]])));
    box.appendChild(notice);
  }

  function names(seats) { return seats.map(function (seat) { return seatName(config, seat); }).join(", "); }

  function pointsText(points) {
    const parts = [];
    for (let seat = 1; seat < points.length; seat += 1) {
      parts.push(seatName(config, seat) + " " + (points[seat] ? signed(points[seat]) : "0"));
    }
    return parts.join(", ");
  }

  function paintHead(next) {
    const title = element("h2", "cd-title", fill(texts.counter, [next.number, next.length]));
    title.id = "deal-title";
    box.appendChild(title);
    box.appendChild(element("p", "cd-partie muted", fill(texts.partie, [next.partie, next.deal])));
    const who = element("p", "cd-who");
    who.appendChild(element("span", "cd-dealer", texts.dealer + ": " + seatName(config, next.dealer)));
    who.appendChild(document.createTextNode(" \u00b7 "));
    who.appendChild(element("span", "cd-caller", seatName(config, next.caller) + " " + (next.herz ? texts.caller_herz : texts.caller)));
    if (next.sitter) who.appendChild(element("span", "badge out", seatName(config, next.sitter) + " " + texts.sits_out));
    box.appendChild(who);
  }

  function button(label, key, pressed, disabled, run) {
    const node = element("button", "cd-button", label);
    node.type = "button";
    node.setAttribute("data-key", key);
    if (pressed !== null) node.setAttribute("aria-pressed", pressed ? "true" : "false");
    node.disabled = !!disabled;
    node.addEventListener("click", function () { focusKey = key; run(); render(); });
    return node;
  }

  function paintTrump(next) {
    const group = element("div", "cd-trump");
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", config.labels.trump);
    group.appendChild(element("span", "cd-label", config.labels.trump));
    config.colours.forEach(function (pair) {
      const locked = next.herz && pair[0] !== "herz";
      const chosen = draft.trump === pair[0] && !draft.blind;
      const node = button(pair[1], "trump-" + pair[0], chosen, locked, function () {
        draft.trump = pair[0];
        draft.blind = false;
        draft.changes = [];
        dropLocked(next);
      });
      node.classList.add("cd-colour", "cd-" + pair[0]);
      group.appendChild(node);
    });
    if (config.blind) {
      const low = next.options.punktgrenzen && next.scores[next.caller] < BLIND_FROM_24;
      const node = button(config.labels.blind, "blind", draft.blind, low, function () {
        draft.blind = !draft.blind;
        if (draft.blind) { draft.trump = "gelb"; draft.changes = []; }
      });
      node.classList.add("cd-colour", "cd-blind");
      group.appendChild(node);
      if (low) reason(group, node, namedMessage(config, new Refusal("blind", "blind_below", { low: BLIND_FROM_24, seat: next.caller, score: next.scores[next.caller] })));
    }
    box.appendChild(group);
    if (next.herz) box.appendChild(element("p", "cd-hint", fill(texts.herz_phase, [2 * config.size + 1])));
    if (config.game === "24" && next.options.trumpfwechsel && draft.trump && !draft.blind) paintChanges(next);
    if (config.game === "24" && next.options.punktgrenzen) box.appendChild(element("p", "cd-hint muted", texts.hint_exchange));
  }

  function paintChanges() {
    const group = element("div", "cd-changes");
    group.appendChild(element("span", "cd-label", texts.changes + (draft.changes.length ? ": " + draft.changes.map(function (c) { return colourLabel(config, c); }).join(" \u2192 ") : "")));
    const inForce = draft.changes.length ? draft.changes[draft.changes.length - 1] : draft.trump;
    config.colours.forEach(function (pair) {
      if (pair[0] === inForce || draft.changes.length >= 4) return;
      group.appendChild(button(fill(texts.change_to, [pair[1]]), "change-" + pair[0], null, false, function () { draft.changes.push(pair[0]); }));
    });
    if (draft.changes.length) group.appendChild(button(texts.undo_change, "change-undo", null, false, function () { draft.changes.pop(); }));
    box.appendChild(group);
  }

  // A seat whose "aus" the chosen trump now forbids plays again.
  function dropLocked(next) {
    draft.out = draft.out.filter(function (seat) { return !outLock(next, seat, draft.trump, draft.out); });
  }

  function reason(group, node, text) {
    const note = element("span", "cd-reason", text);
    note.id = "cd-reason-" + node.getAttribute("data-key");
    node.setAttribute("aria-describedby", note.id);
    group.appendChild(note);
  }

  function paintSeats(next, shown) {
    const list = element("div", "cd-seats");
    for (let seat = 1; seat <= config.size; seat += 1) {
      const line = element("div", "cd-seat");
      line.setAttribute("data-seat", String(seat));
      const head = element("div", "cd-seat-head");
      head.appendChild(element("span", "cd-name", seatName(config, seat)));
      head.appendChild(element("span", "cd-before", fill(texts.score, [num(next.scores[seat])])));
      line.appendChild(head);
      if (seat === next.sitter) {
        line.classList.add("cd-sitting");
        line.appendChild(element("span", "cd-out-note", texts.sits_out));
        list.appendChild(line);
        continue;
      }
      const out = draft.out.indexOf(seat) >= 0;
      const lock = out ? null : outLock(next, seat, draft.trump, draft.out);
      const controls = element("div", "cd-controls");
      const toggle = button(config.labels["out{seat}"], "out-" + seat, out, !!lock, function () {
        if (out) draft.out = draft.out.filter(function (other) { return other !== seat; });
        else draft.out.push(seat);
        draft.touched = draft.touched.filter(function (other) { return other !== seat; });
      });
      toggle.classList.add("cd-out");
      toggle.setAttribute("aria-label", seatName(config, seat) + ": " + config.labels["out{seat}"]);
      controls.appendChild(toggle);
      if (!out) controls.appendChild(stepper(seat, shown.counts));
      line.appendChild(controls);
      if (lock) reason(line, toggle, namedMessage(config, lock));
      line.classList.toggle("cd-is-out", out);
      if (shown.result) {
        const change = shown.result.changes[seat];
        const after = element("span", "cd-after" + (change < 0 ? " neg" : change > 0 ? " pos" : ""), "\u2192 " + num(shown.result.scores[seat]) + " (" + signed(change) + ")");
        after.setAttribute("data-after", String(shown.result.scores[seat]));
        head.appendChild(after);
        const why = changeReason(config, draft, next, seat, shown);
        if (why) head.appendChild(element("span", "cd-why muted", why));
      }
      list.appendChild(line);
    }
    box.appendChild(list);
  }

  function stepper(seat, counts) {
    const value = counts.counts[seat] || 0;
    const wrap = element("span", "stepper cd-stepper" + (counts.auto === seat ? " cd-auto" : ""));
    const name = seatName(config, seat);
    const touch = function (delta) {
      return function () {
        const now = counts.counts[seat] || 0;
        draft.tricks[seat] = Math.max(0, Math.min(config.tricks, now + delta));
        if (draft.touched.indexOf(seat) < 0) draft.touched.push(seat);
      };
    };
    const less = button("\u2212", "less-" + seat, null, value <= 0, touch(-1));
    less.setAttribute("aria-label", fill(texts.fewer, [name]));
    const more = button("+", "more-" + seat, null, value >= config.tricks, touch(1));
    more.setAttribute("aria-label", fill(texts.more, [name]));
    const shown = element("output", "cd-tricks", String(value));
    shown.setAttribute("aria-label", name + ": " + config.labels["t{seat}"] + " " + value);
    wrap.appendChild(less);
    wrap.appendChild(shown);
    wrap.appendChild(more);
    if (counts.auto === seat) wrap.appendChild(element("span", "cd-auto-note muted", texts.auto));
    return wrap;
  }

  function paintOutcome(next, shown) {
    const left = config.tricks - shown.counts.sum;
    if (left > 0) box.appendChild(element("p", "cd-balance", fill(texts.tricks_left, [left])));
    else if (left < 0) box.appendChild(element("p", "cd-balance", fill(texts.tricks_over, [-left])));
    if (shown.refusal && shown.refusal.code === "choose") {
      box.appendChild(element("p", "cd-hint", texts.choose_trump));
    } else if (shown.refusal && shown.refusal.code === "untouched") {
      box.appendChild(element("p", "cd-hint cd-untouched", texts.enter_tricks));
    } else if (shown.refusal) {
      const problem = element("p", "cd-problem", refusalText(config, gameLabel, next.number, shown.refusal));
      problem.setAttribute("role", "alert");
      box.appendChild(problem);
    } else if (shown.winners && shown.winners.length) {
      const end = element("div", "notice ok cd-ends");
      end.appendChild(element("strong", "", fill(texts.ended, [next.partie]) + " " + fill(texts.winners, [names(shown.winners)])));
      end.appendChild(element("p", "", fill(texts.points, [pointsText(partiePoints(shown.result.scores))])));
      box.appendChild(end);
    }
  }

  function paintButtons(next, shown, count) {
    const actions = element("div", "actions cd-actions");
    const label = fill(next.number > count ? texts.enter : texts.change, [next.number]);
    const enter = button(label, "enter", null, !shown.result, function () {
      rows.field(next.number, "record").value = JSON.stringify(shown.record);
      editing = null;
      draft = null;
      focusKey = "enter";
      hooks.changed();
    });
    enter.classList.add("button", "cd-enter");
    actions.appendChild(enter);
    if (editing !== null) {
      const cancel = button(texts.cancel, "cancel", null, false, function () { editing = null; draft = null; });
      cancel.classList.add("button", "secondary");
      actions.appendChild(cancel);
    }
    box.appendChild(actions);
    if (editing === null) paintRemove(count);
  }

  function paintRemove(count) {
    if (!count) return;
    const remove = button(texts.remove_last, "remove", null, false, function () {
      rows.field(count, "record").value = "";
      editing = null;
      draft = null;
      hooks.changed();
    });
    remove.classList.add("link-button", "cd-remove");
    box.appendChild(remove);
  }

  form.addEventListener("click", function (event) {
    const edit = event.target.closest ? event.target.closest(".cd-edit") : null;
    if (!edit) return;
    editing = Number(edit.closest("tr").getAttribute("data-game"));
    draft = null;
    render();
    box.scrollIntoView({ block: "start" });
  });

  render();
  // After the server's answer: rows written from elsewhere (restored, merged, taken from the
  // server) draw the form again; otherwise only the table (the captain may be typing).
  return {
    refresh: function () {
      const now = JSON.stringify(records());
      if (now === drawn) {
        const list = records();
        paintTable(rows, config, play(list), list.length, editing);
        return;
      }
      const focused = document.activeElement;
      if (focused && box.contains(focused)) focusKey = focused.getAttribute("data-key");
      render();
    }
  };
}
