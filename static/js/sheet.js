// The score sheet page (an ES module; its parts are in sheet/): keyboard-first entry, live
// scoring by the server, the calculator, and autosave: every completed game is stored by
// itself, everything typed is also kept on this device until the server has it, typing goes on
// offline and is sent when the connection is back, and a change made elsewhere meanwhile is
// shown beside the device's own. Without JavaScript the page still works as a plain form; this
// only makes it faster and safer. This file only puts the parts together, in page order.

import { readJson, makeTexts } from "./sheet/page.js";
import { registerWorker, checkCurrent, firstUseHint } from "./sheet/offline.js";
import { makeCanon } from "./sheet/compare.js";
import { createStore, pruneOld, deviceStorage } from "./sheet/storage.js";
import { showUnsent } from "./sheet/readonly.js";
import { createRows } from "./sheet/rows.js";
import { createSyncState, createAutosave } from "./sheet/autosave.js";
import { createRowStates } from "./sheet/row_states.js";
import { createScores } from "./sheet/scores.js";
import { restoreFromDevice } from "./sheet/restore.js";
import { bindKeyboard } from "./sheet/keyboard.js";
import { guardLeaving } from "./sheet/submit.js";
import { bindCalculator } from "./sheet/calculator.js";
import { createTimeUp } from "./sheet/time_up.js";

const t = makeTexts(readJson("sheet-texts") || {});

registerWorker();
if (document.getElementById("sheet-local") || document.getElementById("sheet-form")) checkCurrent();
firstUseHint();

const server = readJson("sheet-server-state") || { revision: 0, status: "open", rows: {} };
const form = document.getElementById("sheet-form");
const canon = makeCanon(form, server.solo_kinds || null, server.default_kind || null);
pruneOld(deviceStorage());

if (!form || form.getAttribute("data-editable") !== "1") {
  showUnsent(server, canon, t);
} else {
  editSheet(form);
}

function editSheet(form) {
  const rows = createRows(form, canon);
  form.querySelectorAll(".js-hide").forEach(function (node) { node.classList.add("hidden"); });
  const store = createStore(form.getAttribute("data-storage-key"), deviceStorage());
  const state = createSyncState(server);
  const rowStates = createRowStates(rows, canon, state, t);
  let sync = null;
  const timeUp = createTimeUp(document);
  const scores = createScores(rows, canon, t, {
    serverError: function (answer) { sync.serverError(answer); },
    offline: function () { sync.goOffline(); },
    updated: function (data) { rowStates.update(); timeUp.update(data); }
  });
  sync = createAutosave({ rows: rows, canon: canon, t: t, state: state, store: store, rowStates: rowStates, scores: scores });
  const parts = { rows: rows, canon: canon, t: t, state: state, store: store, rowStates: rowStates, scores: scores, sync: sync, server: server };
  restoreFromDevice(parts);

  // Every change: kept on the device, its state shown, scored, and sent after a pause.
  function changed() {
    rows.growForLines();
    sync.persist();
    rowStates.update();
    scores.schedulePreview();
    sync.scheduleSave();
  }
  let openCalculator = function () {};
  bindKeyboard(rows, {
    changed: changed,
    scheduleSave: sync.scheduleSave,
    openCalculator: function (number) { openCalculator(number); }
  });
  guardLeaving(parts);
  openCalculator = bindCalculator(rows, { changed: changed });

  rowStates.update();
  if (Object.keys(rows.readAll()).some(function (number) { return rowStates.rowState(number) === "pending"; })) {
    sync.scheduleSave(300);
  }
}
