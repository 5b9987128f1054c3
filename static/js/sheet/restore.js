// Opening the sheet on a device that kept games (storage.js): what the device typed comes back
// into the form; a page older than the device's knowledge takes the device's base, a sheet
// changed on the server since is merged as after a conflict (autosave.js).

import { restoreCase } from "./merge.js";

export function restoreFromDevice(parts) {
  const rows = parts.rows;
  const canon = parts.canon;
  const state = parts.state;
  const sync = parts.sync;
  const entry = parts.store.load();
  if (!entry) return;
  // Rows typed here that the page lacks (the sheet grew by a penalty line) come back too.
  Object.keys(entry.local || {}).forEach(rows.ensure);
  const known = restoreCase(entry, state.revision);
  if (known === "newer") {
    // This page came from the offline cache and is older than what the device knows.
    state.base = entry.base || {};
    sync.setRevision(entry.revision);
  } else if (known === "older") {
    // The sheet changed on the server since: merge as after a conflict, once the page is up.
    const local = entry.local || {};
    rows.numbers().forEach(function (number) { rows.write(number, local[number]); });
    state.base = entry.base || {};
    const theirs = { server: { revision: parts.server.revision, rows: parts.server.rows }, message: "" };
    window.setTimeout(function () { sync.conflict(theirs); sync.persist(); parts.rowStates.update(); }, 0);
    return;
  }
  const restored = [];
  rows.numbers().forEach(function (number) {
    const mine = (entry.local || {})[number];
    if (canon(mine, false, number) !== canon(rows.read(number), false, number)) {
      rows.write(number, mine);
      restored.push(number);
    }
  });
  if (restored.length) sync.showBanner(parts.t("restored", restored.join(", ")), "info");
}
