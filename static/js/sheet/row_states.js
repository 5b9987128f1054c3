// Each row's save state (saved, pending, waiting, refused) as a badge, the row to type next,
// and the one-line sync status above the sheet. Reads the autosave's state, changes none.

import { element, setText } from "./page.js";

const STATE_ICONS = { saved: "\u2713", pending: "\u25cf", waiting: "\u25cf", refused: "\u2715", void: "\u2013" };

// ``state``: the autosave's state (base, heldBackBy, offline, problem; autosave.js).
export function createRowStates(rows, canon, state, t) {
  const syncStatus = document.getElementById("sync-status");

  function rowState(number) {
    const local = canon(rows.read(number), false, number);
    const stored = canon(state.base[number], false, number);
    if (!local && !stored) return "";
    // A row the sheet no longer takes (count-down: after the organiser's stop).
    if (rows.parts(number).main.classList.contains("row-void")) return "void";
    if (rows.parts(number).main.classList.contains("has-problem")) return "refused";
    if (local === stored) return "saved";
    if (state.heldBackBy !== null && Number(number) > state.heldBackBy) return "waiting";
    return "pending";
  }

  function showBadge(row, rowStateName) {
    const badge = row.querySelector(".row-state");
    if (badge.getAttribute("data-state") === rowStateName) return;
    badge.setAttribute("data-state", rowStateName);
    badge.textContent = "";
    if (!rowStateName) {
      badge.title = "";
      return;
    }
    const icon = element("span", "", STATE_ICONS[rowStateName]);
    icon.setAttribute("aria-hidden", "true");
    badge.appendChild(icon);
    const label = rowStateName === "waiting" ? t("waiting", state.heldBackBy) : t(rowStateName);
    badge.appendChild(element("span", "visually-hidden", label));
    badge.title = label;
  }

  // The first blank row is the current one; its winners field shows an example.
  function markCurrent(current) {
    rows.list.forEach(function (row) {
      const isCurrent = row === current;
      row.classList.toggle("current", isCurrent);
      const winners = row.querySelector(".winners");
      if (!winners) return;  // a sheet typed deal by deal (count-down) has no winners field
      if (isCurrent) {
        const out = parseInt(row.getAttribute("data-sitting-out"), 10);
        const active = [];
        for (let seat = 1; seat <= rows.tableSize; seat += 1) if (seat !== out) active.push(seat);
        winners.setAttribute("placeholder", t("example_winners", "" + active[0] + active[active.length - 1]));
      } else {
        winners.removeAttribute("placeholder");
      }
    });
  }

  function showStatus(pending, refused, voided) {
    if (!syncStatus) return;
    syncStatus.classList.toggle("offline", state.offline || !!state.problem);
    if (state.offline) {
      setText(syncStatus, t("offline_short", pending + refused));
    } else if (state.problem && pending) {
      setText(syncStatus, t("not_sent_short", pending));
    } else if (pending) {
      setText(syncStatus, t("unsent", pending));
    } else if (voided) {
      setText(syncStatus, t("void"));
    } else if (!refused && Object.keys(state.base).length) {
      setText(syncStatus, t("all_saved"));
    } else {
      setText(syncStatus, "");
    }
  }

  function update() {
    let pending = 0;
    let refused = 0;
    let voided = 0;
    let current = null;
    rows.list.forEach(function (row) {
      const number = row.getAttribute("data-game");
      const rowStateName = rowState(number);
      showBadge(row, rowStateName);
      if (rowStateName === "pending" || rowStateName === "waiting") pending += 1;
      if (rowStateName === "refused") refused += 1;
      if (rowStateName === "void") voided += 1;
      if (current === null && !canon(rows.read(number), false, number)) current = row;
    });
    markCurrent(current);
    showStatus(pending, refused, voided);
  }

  // Whether a game typed here is not on the server yet.
  function unsent(number) {
    const rowStateName = rowState(number);
    return rowStateName === "pending" || rowStateName === "waiting";
  }

  return { rowState: rowState, update: update, unsent: unsent };
}
