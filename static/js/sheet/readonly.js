// A sheet that can no longer be changed here (handed in, confirmed, closed): games typed on
// this device that never reached the server are shown, not silently dropped.

import { createStore, deviceStorage } from "./storage.js";
import { differingGames } from "./merge.js";
import { showConflict, hideConflict } from "./conflict_panel.js";

export function showUnsent(server, canon, t) {
  const holder = document.getElementById("sheet-local");
  if (!holder) return;
  const keep = createStore(holder.getAttribute("data-storage-key"), deviceStorage());
  const entry = keep.load();
  if (!entry) return;
  const unsent = differingGames(entry.local, entry.base, canon).filter(function (number) {
    return canon(entry.local[number], true, number) !== canon((server.rows[number] || {}).values, true, number);
  });
  if (!unsent.length) {
    keep.clear();
    return;
  }
  showConflict({
    t: t, canon: canon, title: t("locked_title"), intro: t("locked_intro"),
    games: unsent, rows: server.rows, local: entry.local,
    actions: [{ label: t("discard"), secondary: true, run: function () { keep.clear(); hideConflict(); } }]
  });
}
