// Autosave: every completed game is stored by itself; what is typed is kept on this device
// (storage.js) until the server has it; without a connection typing goes on and is sent when
// the connection is back; a change made elsewhere meanwhile is merged (merge.js) or shown
// beside the device's own (conflict_panel.js). Holds the page's whole sync state in one object.

import { setText } from "./page.js";
import { readAnswer, errorAdvice } from "./answers.js";
import { threeWayMerge, differingGames, baseAfterSave } from "./merge.js";
import { showConflict, hideConflict } from "./conflict_panel.js";

export function serverValues(rows) {
  const values = {};
  Object.keys(rows || {}).forEach(function (number) { values[number] = rows[number].values; });
  return values;
}

// The sync state, read by row_states.js and submit.js, changed only here and in restore.js.
export function createSyncState(server) {
  return {
    base: serverValues(server.rows),  // what the server holds, as far as this page knows
    revision: server.revision,
    heldBackBy: null,  // the game before which the server holds back what follows (gaps)
    offline: false,
    problem: null,  // the last error answer of the server (errorAdvice), until saved
    locked: false,  // nothing more is sent (handed in, closed, refused for good)
    conflictOpen: false,  // the captain has to choose first
    saving: null,  // the request on its way, a Promise
    saveAgain: false,
    saveTimer: null,
    retryDelay: 2000,
    passing: false  // the form is being submitted the ordinary way
  };
}

// ``parts``: rows, canon, t, state, store, rowStates, scores (see sheet.js).
export function createAutosave(parts) {
  const rows = parts.rows;
  const canon = parts.canon;
  const t = parts.t;
  const state = parts.state;
  const form = rows.form;
  const autosaveUrl = form.getAttribute("data-autosave-url");
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  const revisionInput = form.querySelector("input[name=revision]");
  const syncStatus = document.getElementById("sync-status");
  const banner = document.getElementById("sync-banner");

  function setRevision(revision) {
    state.revision = revision;
    revisionInput.value = revision;
  }

  function persist() {
    parts.store.save({ revision: state.revision, base: state.base, local: rows.readAll() });
  }

  function showBanner(message, kind) {
    if (!banner) return;
    banner.textContent = message;
    banner.className = "sync-banner " + (kind || "info");
    if (kind === "ok") {
      window.setTimeout(function () {
        if (banner.textContent === message) banner.classList.add("hidden");
      }, 6000);
    }
  }

  function goOffline() {
    if (!state.offline) showBanner(t("offline"), "offline");
    state.offline = true;
    parts.rowStates.update();
    if (state.saveTimer) window.clearTimeout(state.saveTimer);
    state.saveTimer = window.setTimeout(autosave, state.retryDelay);
    state.retryDelay = Math.min(state.retryDelay * 2, 15000);
  }

  function goOnline() {
    state.retryDelay = 2000;
    if (state.problem && !state.problem.stop) {
      state.problem = null;
      if (banner) banner.classList.add("hidden");
    }
    if (state.offline) {
      state.offline = false;
      showBanner(t("back_online"), "ok");
    }
  }

  function scheduleSave(delay) {
    if (state.saveTimer) window.clearTimeout(state.saveTimer);
    state.saveTimer = window.setTimeout(autosave, delay === undefined ? 1200 : delay);
  }

  function answered(answer, sent) {
    const data = answer.data;
    if (answer.code === 200 && !data.state) {
      goOffline();  // some page that is not ours (a Wi-Fi's login page): no server yet
    } else if (answer.code === 200) {
      goOnline();
      saved(data, sent);
    } else if (answer.code === 409 && data.state === "conflict") {
      goOnline();
      conflict(data);
    } else if (answer.code === 409) {
      goOnline();
      lockedOut(data);
    } else {
      serverError(answer);
    }
  }

  function autosave() {
    state.saveTimer = null;
    if (state.locked || state.conflictOpen) return Promise.resolve();
    if (state.saving) {
      state.saveAgain = true;
      return state.saving;
    }
    const sent = rows.readAll();
    const body = new FormData(form);
    revisionInput.value = state.revision;
    body.set("revision", String(state.revision));
    if (syncStatus && !state.offline) setText(syncStatus, t("saving"));
    state.saving = fetch(autosaveUrl, {
      method: "POST",
      body: body,
      headers: { "X-CSRFToken": csrf, Accept: "application/json" },
      credentials: "same-origin"
    })
      .then(readAnswer)
      .then(function (answer) { answered(answer, sent); }, function () { goOffline(); })
      .then(function () {
        state.saving = null;
        persist();
        parts.rowStates.update();
        if (state.saveAgain) {
          state.saveAgain = false;
          scheduleSave(0);
        }
      });
    return state.saving;
  }

  // The server answered, but not "saved": say what happened and what to do (not "offline"),
  // send again by itself where waiting helps, and stop where only the captain can help.
  function serverError(answer) {
    const advice = errorAdvice(answer.code, answer.retryAfter);
    state.offline = false;
    state.problem = advice;
    const detail = answer.data.message || answer.data.error || "";
    let message = t(advice.text);
    if (detail && advice.text === "error_refused") message += " (" + detail + ")";
    showBanner(message, "error");
    if (advice.stop) {
      state.locked = true;
    } else if (advice.retry) {
      if (state.saveTimer) window.clearTimeout(state.saveTimer);
      state.saveTimer = window.setTimeout(autosave, advice.delay);
    }
  }

  function saved(data, sent) {
    state.problem = null;
    setRevision(data.revision);
    state.base = baseAfterSave(state.base, sent, data);
    state.heldBackBy = data.held_back_by;
    if (JSON.stringify(rows.readAll()) === JSON.stringify(sent)) parts.scores.render(data.preview, sent);
  }

  // Someone else saved meanwhile: merged game by game; games changed on both sides are shown.
  function conflict(data) {
    const theirs = serverValues(data.server.rows);
    const local = rows.readAll();
    const merged = threeWayMerge(state.base, local, theirs, canon);
    merged.taken.forEach(function (number) { rows.write(number, theirs[number]); });
    state.base = theirs;
    setRevision(data.server.revision);
    state.heldBackBy = null;
    if (merged.taken.length) {
      showBanner(t("merged", merged.taken.join(", ")), "info");
      parts.scores.schedulePreview();
    }
    const clashes = merged.clashes;
    if (!clashes.length) {
      scheduleSave(0);
      return;
    }
    state.conflictOpen = true;
    showConflict({
      t: t, canon: canon, title: t("conflict_title"), intro: t("conflict_intro"),
      games: clashes, rows: data.server.rows, local: local,
      actions: [
        {
          label: t("take_server"),
          secondary: true,
          run: function () {
            clashes.forEach(function (number) { rows.write(number, theirs[number]); });
            resolved();
          }
        },
        { label: t("keep_mine"), run: resolved }
      ]
    });
  }

  function resolved() {
    state.conflictOpen = false;
    hideConflict();
    persist();
    parts.scores.schedulePreview();
    scheduleSave(0);
  }

  // Handed in, confirmed or closed meanwhile: nothing more is sent; what differs stays here.
  function lockedOut(data) {
    state.locked = true;
    const games = differingGames(rows.readAll(), serverValues(data.server.rows), canon);
    if (!games.length) {  // nothing of this device is missing: only say what happened
      showBanner(data.message, "info");
      return;
    }
    showConflict({
      t: t, canon: canon, title: t("locked_title"), intro: data.message + " " + t("locked_intro"),
      games: games, rows: data.server.rows, local: rows.readAll(), actions: []
    });
  }

  window.addEventListener("online", function () { if (state.offline) autosave(); });
  window.addEventListener("offline", function () { goOffline(); });

  return {
    autosave: autosave,
    scheduleSave: scheduleSave,
    persist: persist,
    showBanner: showBanner,
    goOffline: goOffline,
    serverError: serverError,
    conflict: conflict,
    setRevision: setRevision
  };
}
