// The sheet page of a ruleset entered deal by deal (count-down, COUNTDOWN.md §8.6; an ES
// module): the shared parts of the sheet page (sheet/: autosave, the device's storage, offline
// typing, conflicts, the server's live check) with the form per deal (countdown/form.js)
// instead of the Doppelkopf rows. Every deal is its row's record (g<n>-record): what the
// shared parts store, send, merge and restore. This file only puts the parts together.

import { readJson, makeTexts } from "./sheet/page.js";
import { registerWorker, checkCurrent, firstUseHint } from "./sheet/offline.js";
import { makeCanon } from "./sheet/compare.js";
import { createStore, pruneOld, deviceStorage } from "./sheet/storage.js";
import { createRows } from "./sheet/rows.js";
import { createSyncState, createAutosave } from "./sheet/autosave.js";
import { createRowStates } from "./sheet/row_states.js";
import { createScores } from "./sheet/scores.js";
import { restoreFromDevice } from "./sheet/restore.js";
import { guardLeaving } from "./sheet/submit.js";
import { setDescriber } from "./sheet/conflict_panel.js";
import { showUnsent } from "./sheet/readonly.js";
import { bindDealForm, describeDeal, paintSheet } from "./countdown/form.js";

const t = makeTexts(readJson("sheet-texts") || {});
const config = readJson("deal-form-config");

registerWorker();
checkCurrent();
firstUseHint();

const server = readJson("sheet-server-state") || { revision: 0, status: "open", rows: {} };
const form = document.getElementById("sheet-form");
const shared = makeCanon(form, null, null);
if (config) setDescriber(function (values) { return describeDeal(values, config); });
// A deal is its record: the winners and value the server shows beside a stored record (the
// Doppelkopf columns) say nothing the record does not.
function canon(values, loose, number) {
  return shared(values ? { record: values.record || "" } : values, loose, number);
}
pruneOld(deviceStorage());

if (form && config && form.getAttribute("data-editable") === "1") {
  editSheet(form);
} else if (form && config) {
  // Handed in, confirmed or closed: the deals and scores as stored; what this device typed
  // and the server never got is shown, not dropped.
  paintSheet(createRows(form, canon), config);
  showUnsent(server, canon, t);
}

function editSheet(form) {
  const rows = createRows(form, canon);
  form.querySelectorAll(".js-hide").forEach(function (node) { node.classList.add("hidden"); });
  const store = createStore(form.getAttribute("data-storage-key"), deviceStorage());
  const state = createSyncState(server);
  const rowStates = createRowStates(rows, canon, state, t);
  let sync = null;
  let dealForm = null;
  const scores = createScores(rows, canon, t, {
    serverError: function (answer) { sync.serverError(answer); },
    offline: function () { sync.goOffline(); },
    updated: function () {
      rowStates.update();
      if (dealForm) dealForm.refresh();
    },
    // Every answer of the server (a save, the live check) also says whether the round was
    // stopped: a phone that sends a deal after the stop learns of it at once.
    answered: function (data) { stopHeard(data); }
  });
  sync = createAutosave({ rows: rows, canon: canon, t: t, state: state, store: store, rowStates: rowStates, scores: scores });
  const parts = { rows: rows, canon: canon, t: t, state: state, store: store, rowStates: rowStates, scores: scores, sync: sync, server: server };
  restoreFromDevice(parts);

  // Every deal entered or changed: kept on the device, its state shown, checked by the
  // server, and sent after a pause.
  function changed() {
    sync.persist();
    rowStates.update();
    scores.schedulePreview();
    sync.scheduleSave(600);
  }
  guardLeaving(parts);
  dealForm = bindDealForm(rows, config, { changed: changed });

  // The organiser stopped (or took back the stop of) this table's round since the page was
  // loaded (the clock's poll says so): the page anew, in the new state. What this device typed
  // and the server does not hold yet is kept on the device and comes back.
  function stopHeard(answer) {
    const known = config.stop_after === undefined ? null : config.stop_after;
    if (!answer || !("stop_after" in answer) || answer.stop_after === known) return;
    sync.persist();
    window.location.reload();
  }
  document.addEventListener("doko:clock", function (event) { stopHeard(event.detail); });

  rowStates.update();
  if (Object.keys(rows.readAll()).some(function (number) { return rowStates.rowState(number) === "pending"; })) {
    sync.scheduleSave(300);
  }
}
