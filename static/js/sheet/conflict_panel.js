// The panel that shows, game by game, the version the server stored beside this device's
// version, with the captain's choices; and a row's values described in words for it.

import { element } from "./page.js";

// A page whose rows are typed otherwise (count-down: one record per deal) words them itself.
let describer = null;
export function setDescriber(words) { describer = words; }

// A row's values in words ("Gewinner 14 · Wert 2 · Damensolo"), for the panel and offline rows.
export function describe(values, canon, t) {
  if (!values || !canon(values)) return t("empty_game");
  if (describer) return describer(values);
  const parts = [];
  if (values.winners) parts.push(t("winners") + " " + values.winners);
  if (values.value) parts.push(t("value") + " " + values.value);
  Object.keys(values).filter(function (key) { return /^p\d$/.test(key) && values[key]; }).forEach(function (key) {
    parts.push(key.slice(1) + ": " + values[key]);
  });
  if (values.kind && values.kind !== "normal") {
    const option = document.querySelector('select.kind option[value="' + values.kind.replace(/[^a-z_]/g, "") + '"]');
    parts.push(option ? option.textContent : values.kind);
  }
  return parts.join(" · ");
}

// ``rows``: the server's rows (with their summaries); ``local``: this device's values;
// ``actions``: [{label, secondary, run}] as buttons.
export function showConflict(options) {
  const panel = document.getElementById("conflict-panel");
  if (!panel) return;
  const t = options.t;
  panel.textContent = "";
  panel.appendChild(element("h2", "", options.title));
  panel.appendChild(element("p", "", options.intro));
  const table = element("table", "data conflict-table");
  const head = element("tr");
  [t("game", ""), t("server_version"), t("device_version")].forEach(function (label) {
    head.appendChild(element("th", "", label.trim()));
  });
  const thead = element("thead");
  thead.appendChild(head);
  table.appendChild(thead);
  const body = element("tbody");
  options.games.forEach(function (number) {
    const row = element("tr");
    row.setAttribute("data-game", number);
    row.appendChild(element("td", "num", String(number)));
    const stored = options.rows[number];
    const summary = stored && describer && stored.values ? describer(stored.values) : stored && stored.summary;
    row.appendChild(element("td", "server-version", stored ? summary : t("empty_game")));
    row.appendChild(element("td", "device-version", describe(options.local[number], options.canon, t)));
    body.appendChild(row);
  });
  table.appendChild(body);
  panel.appendChild(table);
  const buttons = element("div", "actions");
  options.actions.forEach(function (action) {
    const button = element("button", "button" + (action.secondary ? " secondary" : ""), action.label);
    button.type = "button";
    button.addEventListener("click", action.run);
    buttons.appendChild(button);
  });
  panel.appendChild(buttons);
  panel.classList.remove("hidden");
  panel.scrollIntoView({ block: "start" });
}

export function hideConflict() {
  const panel = document.getElementById("conflict-panel");
  if (panel) {
    panel.classList.add("hidden");
    panel.textContent = "";
  }
}
