// The score sheet page: keyboard-first entry, live scoring by the server, the calculator, and
// autosave: every completed game is stored by itself, everything typed is also kept on this
// device (localStorage) until the server has it, typing goes on offline and is sent when the
// connection is back, and a change made elsewhere meanwhile is shown beside the device's own.
// Without JavaScript the page still works as a plain form; this only makes it faster and safer.
(function () {
  "use strict";

  function readJson(id) {
    var element = document.getElementById(id);
    if (!element) return null;
    try { return JSON.parse(element.textContent); } catch (error) { return null; }
  }

  var texts = readJson("sheet-texts") || {};
  function t(key, value) {
    var message = texts[key] || key;
    return value === undefined ? message : message.replace("%s", value);
  }

  // ------------------------------------------------------------------ service worker, first use

  // Offline reopening. With a service worker (https, or localhost) the worker keeps the page:
  // at the first visit the page asks it to, since no worker controlled that loading yet. On
  // plain http in a club's network there is no worker: the server lets the browser keep the
  // page for hours (Cache-Control, views_captain.py), so that opening the link again offline
  // shows it; online, a page that came from that cache checks below whether it is still current.
  var worker = document.getElementById("service-worker");
  if (worker && "serviceWorker" in navigator && window.isSecureContext) {
    var controlled = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register(worker.getAttribute("data-url")).then(function () {
      if (controlled) return null;
      return navigator.serviceWorker.ready.then(function (registration) {
        if (registration.active) registration.active.postMessage({ keep: window.location.href });
      });
    }).catch(function () { /* the page works without it */ });
  }

  // A page from the browser's cache (or the worker's) may be older than the sheet: when the
  // server has a newer revision or status, the page is loaded anew (what this device typed is
  // in localStorage and comes back).
  function checkCurrent() {
    var navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    if (!navigation || navigation.transferSize > 0 || navigator.onLine === false || !window.DOMParser) return;
    var embedded = readJson("sheet-server-state");
    if (!embedded) return;
    fetch(window.location.href.split("#")[0], { cache: "reload", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var page = new DOMParser().parseFromString(html, "text/html");
        var node = page.getElementById("sheet-server-state");
        var fresh = node ? JSON.parse(node.textContent) : null;
        var language = page.documentElement.getAttribute("lang");
        if (fresh && (fresh.revision !== embedded.revision || fresh.status !== embedded.status ||
                      language !== document.documentElement.getAttribute("lang"))) {
          window.location.reload();
        }
      })
      .catch(function () { /* offline: the kept page is what there is */ });
  }
  if (document.getElementById("sheet-local") || document.getElementById("sheet-form")) checkCurrent();

  var HINT_KEY = "doko-first-use-dismissed";
  var hint = document.getElementById("first-use");
  if (hint) {
    try { if (window.localStorage.getItem(HINT_KEY)) hint.classList.add("hidden"); } catch (error) { /* shown */ }
    var close = document.getElementById("first-use-close");
    if (close) {
      close.addEventListener("click", function () {
        hint.classList.add("hidden");
        try { window.localStorage.setItem(HINT_KEY, "1"); } catch (error) { /* fine */ }
      });
    }
  }

  // ------------------------------------------------------------------ rows as values

  var server = readJson("sheet-server-state") || { revision: 0, status: "open", rows: {} };

  function serverValues(rows) {
    var values = {};
    Object.keys(rows || {}).forEach(function (number) { values[number] = rows[number].values; });
    return values;
  }

  // Rows are compared as DokoSheetSync.canon spells them (sheet_sync.js): the device's typed
  // fields and the server's stored game alike, so that a game saved from this device is never
  // reported as changed elsewhere or as restored.
  var Sync = window.DokoSheetSync;
  var soloKinds = server.solo_kinds || null;
  var activeCache = {};

  function activeSeats(number) {
    if (number === undefined || number === null) return null;
    if (activeCache[number] !== undefined) return activeCache[number];
    var sheetForm = document.getElementById("sheet-form");
    var row = sheetForm && sheetForm.querySelector('tr.game-row[data-game="' + number + '"]');
    var seats = null;
    if (row) {
      var size = parseInt(sheetForm.getAttribute("data-table-size"), 10);
      var out = parseInt(row.getAttribute("data-sitting-out"), 10);
      seats = [];
      for (var seat = 1; seat <= size; seat += 1) if (seat !== out) seats.push(seat);
    }
    activeCache[number] = seats;
    return seats;
  }

  function canon(values, loose, number) {
    return Sync.canon(values, { loose: !!loose, soloKinds: soloKinds, active: activeSeats(number) });
  }

  var STORE_VERSION = 1;
  function storage(key) {
    return {
      load: function () {
        try {
          var entry = JSON.parse(window.localStorage.getItem(key) || "null");
          return entry && entry.v === STORE_VERSION ? entry : null;
        } catch (error) { return null; }
      },
      save: function (entry) {
        entry.v = STORE_VERSION;
        entry.at = Date.now();
        try { window.localStorage.setItem(key, JSON.stringify(entry)); } catch (error) { /* full */ }
      },
      clear: function () {
        try { window.localStorage.removeItem(key); } catch (error) { /* fine */ }
      }
    };
  }

  // Entries of sheets not touched for 30 days are removed (a phone serves many evenings).
  try {
    var month = 30 * 24 * 3600 * 1000;
    for (var i = window.localStorage.length - 1; i >= 0; i -= 1) {
      var storedKey = window.localStorage.key(i);
      if (storedKey && storedKey.indexOf("doko-sheet:") === 0) {
        var old = JSON.parse(window.localStorage.getItem(storedKey) || "null");
        if (!old || !old.at || Date.now() - old.at > month) window.localStorage.removeItem(storedKey);
      }
    }
  } catch (error) { /* storage unavailable */ }

  function element(tag, className, content) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (content !== undefined) node.textContent = content;
    return node;
  }

  function differingGames(local, rows) {
    var games = {};
    Object.keys(local || {}).concat(Object.keys(rows || {})).forEach(function (number) {
      if (canon(local[number], true, number) !== canon(rows[number], true, number)) games[number] = true;
    });
    return Object.keys(games).map(Number).sort(function (a, b) { return a - b; });
  }

  function describe(values) {
    if (!values || !canon(values)) return t("empty_game");
    var parts = [];
    if (values.winners) parts.push(t("winners") + " " + values.winners);
    if (values.value) parts.push(t("value") + " " + values.value);
    Object.keys(values).filter(function (key) { return /^p\d$/.test(key) && values[key]; }).forEach(function (key) {
      parts.push(key.slice(1) + ": " + values[key]);
    });
    if (values.kind && values.kind !== "normal") {
      var option = document.querySelector('select.kind option[value="' + values.kind.replace(/[^a-z_]/g, "") + '"]');
      parts.push(option ? option.textContent : values.kind);
    }
    return parts.join(" · ");
  }

  // The panel that shows, game by game, the stored version beside this device's version.
  function conflictPanel(title, intro, games, rows, local, actions) {
    var panel = document.getElementById("conflict-panel");
    if (!panel) return;
    panel.textContent = "";
    panel.appendChild(element("h2", "", title));
    panel.appendChild(element("p", "", intro));
    var table = element("table", "data conflict-table");
    var head = element("tr");
    [t("game", ""), t("server_version"), t("device_version")].forEach(function (label) {
      head.appendChild(element("th", "", label.trim()));
    });
    var thead = element("thead");
    thead.appendChild(head);
    table.appendChild(thead);
    var body = element("tbody");
    games.forEach(function (number) {
      var row = element("tr");
      row.setAttribute("data-game", number);
      row.appendChild(element("td", "num", String(number)));
      var stored = rows[number];
      row.appendChild(element("td", "server-version", stored ? stored.summary : t("empty_game")));
      row.appendChild(element("td", "device-version", describe(local[number])));
      body.appendChild(row);
    });
    table.appendChild(body);
    panel.appendChild(table);
    var buttons = element("div", "actions");
    actions.forEach(function (action) {
      var button = element("button", "button" + (action.secondary ? " secondary" : ""), action.label);
      button.type = "button";
      button.addEventListener("click", action.run);
      buttons.appendChild(button);
    });
    panel.appendChild(buttons);
    panel.classList.remove("hidden");
    panel.scrollIntoView({ block: "start" });
  }

  function hideConflict() {
    var panel = document.getElementById("conflict-panel");
    if (panel) {
      panel.classList.add("hidden");
      panel.textContent = "";
    }
  }

  var form = document.getElementById("sheet-form");
  if (!form || form.getAttribute("data-editable") !== "1") {
    // A sheet that can no longer be changed here: games typed on this device that never
    // reached the server are shown, not silently dropped.
    var holder = document.getElementById("sheet-local");
    if (!holder) return;
    var keep = storage(holder.getAttribute("data-storage-key"));
    var entry = keep.load();
    if (!entry) return;
    var unsent = differingGames(entry.local, entry.base).filter(function (number) {
      return canon(entry.local[number], true, number) !== canon((server.rows[number] || {}).values, true, number);
    });
    if (!unsent.length) {
      keep.clear();
      return;
    }
    conflictPanel(t("locked_title"), t("locked_intro"), unsent, server.rows, entry.local, [
      { label: t("discard"), secondary: true, run: function () { keep.clear(); hideConflict(); } }
    ]);
    return;
  }

  var previewUrl = form.getAttribute("data-preview-url");
  var scoreUrl = form.getAttribute("data-score-url");
  var autosaveUrl = form.getAttribute("data-autosave-url");
  var tableSize = parseInt(form.getAttribute("data-table-size"), 10);
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var revisionInput = form.querySelector("input[name=revision]");
  var status = document.getElementById("sheet-status");
  var syncStatus = document.getElementById("sync-status");
  var banner = document.getElementById("sync-banner");
  var gameRows = Array.prototype.slice.call(form.querySelectorAll("tr.game-row"));
  var store = storage(form.getAttribute("data-storage-key"));
  var timer = null;
  var inflight = null;
  var FIELDS = ["kind", "winners", "value", "soloist", "offender", "record"];
  for (var seatNumber = 1; seatNumber <= tableSize; seatNumber += 1) FIELDS.push("p" + seatNumber);

  form.querySelectorAll(".js-hide").forEach(function (node) { node.classList.add("hidden"); });

  function rowParts(number) {
    return {
      main: form.querySelector('tr.game-row[data-game="' + number + '"]'),
      extra: form.querySelector('tr.row-extra[data-game="' + number + '"]'),
      info: form.querySelector('tr.row-info[data-game="' + number + '"]')
    };
  }

  function field(number, name) {
    return form.querySelector('[name="g' + number + "-" + name + '"]');
  }

  function signed(value) {
    if (value > 0) return "+" + value;
    if (value < 0) return "\u2212" + (-value);
    return "0";
  }

  function text(node, value) {
    node.textContent = value;
  }

  function readRow(number) {
    var values = {};
    FIELDS.forEach(function (name) {
      var input = field(number, name);
      if (input) values[name] = input.value;
    });
    return values;
  }

  function readAll() {
    var rows = {};
    gameRows.forEach(function (row) {
      var number = row.getAttribute("data-game");
      var values = readRow(number);
      if (canon(values, false, number)) rows[number] = values;
    });
    return rows;
  }

  function setRow(number, values) {
    values = values || {};
    FIELDS.forEach(function (name) {
      var input = field(number, name);
      if (!input) return;
      var value = values[name] || "";
      if (name === "kind" && !value) value = "normal";
      input.value = value;
    });
    var parts = rowParts(number);
    if (parts.extra && (values.soloist || values.offender || FIELDS.some(function (name) {
      return /^p\d$/.test(name) && values[name];
    }))) {
      parts.extra.classList.add("open");
    }
  }

  // ------------------------------------------------------------------ sync state

  var base = serverValues(server.rows);  // what the server holds, as far as this page knows
  var revision = server.revision;
  var heldBackBy = null;
  var offline = false;
  var scored = readAll();  // the rows as they were when the points shown were computed
  var problem = null;  // the last error answer of the server (Sync.errorAdvice), until saved
  var locked = false;
  var conflictOpen = false;
  var saving = null;
  var saveAgain = false;
  var saveTimer = null;
  var retryDelay = 2000;
  var passing = false;

  function persist() {
    store.save({ revision: revision, base: base, local: readAll() });
  }

  function rowState(number) {
    var parts = rowParts(number);
    var local = canon(readRow(number), false, number);
    var stored = canon(base[number], false, number);
    if (!local && !stored) return "";
    if (parts.main.classList.contains("has-problem")) return "refused";
    if (local === stored) return "saved";
    if (heldBackBy !== null && Number(number) > heldBackBy) return "waiting";
    return "pending";
  }

  var STATE_ICONS = { saved: "\u2713", pending: "\u25cf", waiting: "\u25cf", refused: "\u2715" };

  function updateStates() {
    var pending = [];
    var refused = [];
    var current = null;
    gameRows.forEach(function (row) {
      var number = row.getAttribute("data-game");
      var state = rowState(number);
      var badge = row.querySelector(".row-state");
      if (badge.getAttribute("data-state") !== state) {
        badge.setAttribute("data-state", state);
        badge.textContent = "";
        if (state) {
          var icon = element("span", "", STATE_ICONS[state]);
          icon.setAttribute("aria-hidden", "true");
          badge.appendChild(icon);
          var label = state === "waiting" ? t("waiting", heldBackBy) : t(state);
          badge.appendChild(element("span", "visually-hidden", label));
          badge.title = label;
        } else {
          badge.title = "";
        }
      }
      if (state === "pending" || state === "waiting") pending.push(number);
      if (state === "refused") refused.push(number);
      if (current === null && !canon(readRow(number), false, number)) current = row;
    });
    gameRows.forEach(function (row) {
      var isCurrent = row === current;
      row.classList.toggle("current", isCurrent);
      var winners = row.querySelector(".winners");
      if (isCurrent) {
        var out = parseInt(row.getAttribute("data-sitting-out"), 10);
        var active = [];
        for (var seat = 1; seat <= tableSize; seat += 1) if (seat !== out) active.push(seat);
        winners.setAttribute("placeholder", t("example_winners", "" + active[0] + active[active.length - 1]));
      }
      else winners.removeAttribute("placeholder");
    });
    if (!syncStatus) return;
    syncStatus.classList.toggle("offline", offline || !!problem);
    if (offline) {
      text(syncStatus, t("offline_short", pending.length + refused.length));
    } else if (problem && pending.length) {
      text(syncStatus, t("not_sent_short", pending.length));
    } else if (pending.length) {
      text(syncStatus, t("unsent", pending.length));
    } else if (!refused.length && Object.keys(base).length) {
      text(syncStatus, t("all_saved"));
    } else {
      text(syncStatus, "");
    }
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
    if (!offline) showBanner(t("offline"), "offline");
    offline = true;
    updateStates();
    if (saveTimer) window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(autosave, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 15000);
  }

  function goOnline() {
    retryDelay = 2000;
    if (problem && !problem.stop) {
      problem = null;
      if (banner) banner.classList.add("hidden");
    }
    if (offline) {
      offline = false;
      showBanner(t("back_online"), "ok");
    }
  }

  window.addEventListener("online", function () { if (offline) autosave(); });
  window.addEventListener("offline", function () { goOffline(); });

  function scheduleSave(delay) {
    if (saveTimer) window.clearTimeout(saveTimer);
    saveTimer = window.setTimeout(autosave, delay === undefined ? 1200 : delay);
  }

  function autosave() {
    saveTimer = null;
    if (locked || conflictOpen) return Promise.resolve();
    if (saving) {
      saveAgain = true;
      return saving;
    }
    var sent = readAll();
    var body = new FormData(form);
    revisionInput.value = revision;
    body.set("revision", String(revision));
    if (syncStatus && !offline) text(syncStatus, t("saving"));
    saving = fetch(autosaveUrl, {
      method: "POST",
      body: body,
      headers: { "X-CSRFToken": csrf, Accept: "application/json" },
      credentials: "same-origin"
    })
      .then(readAnswer)
      .then(function (answer) {
        var data = answer.data;
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
      }, function () { goOffline(); })
      .then(function () {
        saving = null;
        persist();
        updateStates();
        if (saveAgain) {
          saveAgain = false;
          scheduleSave(0);
        }
      });
    return saving;
  }

  // Any answer of the server, JSON or not (a proxy's page): its status, its JSON body or {}.
  function readAnswer(response) {
    var type = response.headers.get("Content-Type") || "";
    var body = type.indexOf("json") >= 0 ? response.json().catch(function () { return {}; }) : Promise.resolve({});
    // Redirected (the desk's login ended: the login page came back): not allowed any more.
    var code = response.redirected && response.status === 200 ? 401 : response.status;
    return body.then(function (data) {
      return { code: code, data: data || {}, retryAfter: response.headers.get("Retry-After") };
    });
  }

  // The server answered, but not "saved": say what happened and what to do (not "offline"),
  // send again by itself where waiting helps, and stop where only the captain can help.
  function serverError(answer) {
    var advice = Sync.errorAdvice(answer.code, answer.retryAfter);
    offline = false;
    problem = advice;
    var detail = answer.data.message || answer.data.error || "";
    var message = t(advice.text);
    if (detail && advice.text === "error_refused") message += " (" + detail + ")";
    showBanner(message, "error");
    if (advice.stop) {
      locked = true;
    } else if (advice.retry) {
      if (saveTimer) window.clearTimeout(saveTimer);
      saveTimer = window.setTimeout(autosave, advice.delay);
    }
  }

  function saved(data, sent) {
    problem = null;
    revision = data.revision;
    revisionInput.value = revision;
    data.saved_as_typed.forEach(function (number) { base[number] = sent[number]; });
    Object.keys(base).forEach(function (number) {
      if (Number(number) > data.stored_games) delete base[number];
    });
    heldBackBy = data.held_back_by;
    if (JSON.stringify(readAll()) === JSON.stringify(sent)) render(data.preview, sent);
  }

  // Someone else saved meanwhile: their changes are taken where this device changed nothing,
  // this device's where they changed nothing; games changed on both sides are shown.
  function conflict(data) {
    var rows = serverValues(data.server.rows);
    var local = readAll();
    var clashes = [];
    var taken = [];
    var numbers = {};
    Object.keys(base).concat(Object.keys(local), Object.keys(rows)).forEach(function (n) { numbers[n] = true; });
    Object.keys(numbers).forEach(function (number) {
      var mine = canon(local[number], false, number);
      var before = canon(base[number], false, number);
      if (mine === before) {
        if (canon(rows[number], false, number) !== before) {
          setRow(number, rows[number]);
          taken.push(Number(number));
        }
      } else if (canon(rows[number], true, number) !== canon(base[number], true, number) &&
                 canon(rows[number], true, number) !== canon(local[number], true, number)) {
        clashes.push(Number(number));
      }
    });
    base = rows;
    revision = data.server.revision;
    revisionInput.value = revision;
    heldBackBy = null;
    if (taken.length) {
      taken.sort(function (a, b) { return a - b; });
      showBanner(t("merged", taken.join(", ")), "info");
      schedulePreview();
    }
    if (!clashes.length) {
      scheduleSave(0);
      return;
    }
    clashes.sort(function (a, b) { return a - b; });
    conflictOpen = true;
    conflictPanel(t("conflict_title"), t("conflict_intro"), clashes, data.server.rows, local, [
      {
        label: t("take_server"),
        secondary: true,
        run: function () {
          clashes.forEach(function (number) { setRow(number, rows[number]); });
          resolved();
        }
      },
      { label: t("keep_mine"), run: resolved }
    ]);
  }

  function resolved() {
    conflictOpen = false;
    hideConflict();
    persist();
    schedulePreview();
    scheduleSave(0);
  }

  // Handed in, confirmed or closed meanwhile: nothing more is sent; what differs stays here.
  function lockedOut(data) {
    locked = true;
    var games = differingGames(readAll(), serverValues(data.server.rows));
    if (!games.length) {  // nothing of this device is missing: only say what happened
      showBanner(data.message, "info");
      return;
    }
    conflictPanel(t("locked_title"), data.message + " " + t("locked_intro"), games, data.server.rows, readAll(), []);
  }

  // ------------------------------------------------------------------ restore from this device

  (function restore() {
    var entry = store.load();
    if (!entry) return;
    if (entry.revision > revision) {
      // This page came from the offline cache and is older than what the device knows.
      base = entry.base || {};
      revision = entry.revision;
      revisionInput.value = revision;
    } else if (entry.revision < revision) {
      // The sheet changed on the server since: merge as after a conflict, once the page is up.
      var local = entry.local || {};
      gameRows.forEach(function (row) {
        var number = row.getAttribute("data-game");
        setRow(number, local[number]);
      });
      var serverRows = server.rows;
      base = entry.base || {};
      var theirs = { server: { revision: server.revision, rows: serverRows }, message: "" };
      window.setTimeout(function () { conflict(theirs); persist(); updateStates(); }, 0);
      return;
    }
    var restored = [];
    gameRows.forEach(function (row) {
      var number = row.getAttribute("data-game");
      var mine = (entry.local || {})[number];
      if (canon(mine, false, number) !== canon(readRow(number), false, number)) {
        setRow(number, mine);
        restored.push(number);
      }
    });
    if (restored.length) showBanner(t("restored", restored.join(", ")), "info");
  })();

  // ------------------------------------------------------------------ live preview

  function changed() {
    persist();
    updateStates();
    schedulePreview();
    scheduleSave();
  }

  function schedulePreview() {
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(preview, 250);
  }

  function preview() {
    timer = null;
    if (inflight) inflight.abort();
    inflight = new AbortController();
    var sent = readAll();
    fetch(previewUrl, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-CSRFToken": csrf },
      credentials: "same-origin",
      signal: inflight.signal
    })
      .then(readAnswer)
      .then(function (answer) {
        if (answer.code !== 200) {
          serverError(answer);
          markUnscored();
        } else if (answer.data.rows) {
          render(answer.data, sent);
          updateStates();
        }
      }, function (error) {
        if (error.name === "AbortError") return;
        goOffline();
        markUnscored();
      });
  }

  // Without the server the page does not score (one home for the rules: scoring/rules): rows
  // typed since the last answer show what was typed (winners, value, kind) and that their
  // points, and every total after them, come once the connection is back.
  function markUnscored() {
    var current = readAll();
    var firstStale = null;
    gameRows.forEach(function (row) {
      var number = row.getAttribute("data-game");
      if (canon(current[number], false, number) === canon(scored[number], false, number)) {
        if (firstStale !== null) {
          row.querySelectorAll("td.points-cell .total").forEach(function (total) { total.textContent = "\u2026"; });
        }
        return;
      }
      if (firstStale === null) firstStale = Number(number);
      var parts = rowParts(number);
      parts.main.classList.remove("has-problem", "has-warning");
      parts.main.querySelectorAll("td.points-cell").forEach(function (cell) {
        cell.textContent = "";
        if (current[number]) cell.appendChild(element("span", "points muted", "\u2026"));
      });
      var info = parts.info.querySelector(".info-cell");
      info.textContent = "";
      if (current[number]) {
        info.appendChild(element("span", "row-unscored", describe(current[number]) + " \u2013 " + t("offline_pending_points")));
      }
      parts.info.classList.toggle("hidden-info", !current[number]);
    });
    form.classList.toggle("totals-pending", firstStale !== null);
    if (firstStale === null) return;
    if (status) {
      text(status, form.getAttribute("data-count-text").replace("%1", Object.keys(current).length).replace("%2", expectedGames));
    }
    form.querySelectorAll("td.total-cell strong, .bar-total strong").forEach(function (strong) { strong.textContent = "\u2026"; });
    var zero = form.querySelector(".zero-check");
    if (zero) text(zero, "(" + t("offline_pending_points") + ")");
    var barZero = form.querySelector(".bar-zero");
    if (barZero) {
      text(barZero, t("offline_pending_points"));
      barZero.classList.remove("bad");
    }
  }

  var expectedGames = gameRows.length;
  function render(data, sent) {
    scored = sent;
    expectedGames = data.expected;
    form.classList.remove("totals-pending");
    data.rows.forEach(function (row) {
      var parts = rowParts(row.number);
      if (!parts.main) return;
      var problems = row.problems || {};
      var keys = Object.keys(problems);
      parts.main.classList.toggle("has-problem", keys.length > 0);
      parts.main.classList.toggle("has-warning", row.warnings.length > 0);
      parts.main.classList.toggle("empty", !row.filled);
      parts.main.setAttribute("data-mode", row.mode);
      ["winners", "value", "kind"].forEach(function (name) {
        var input = field(row.number, name);
        if (input) input.classList.toggle("invalid", !!problems[name]);
      });
      var soloist = field(row.number, "soloist");
      if (soloist) soloist.classList.toggle("invalid", !!problems.soloist);
      var offender = field(row.number, "offender");
      if (offender) offender.classList.toggle("invalid", !!problems.offender);
      parts.extra.querySelectorAll(".direct-input").forEach(function (input) {
        input.classList.toggle("invalid", !!problems.points);
      });
      if (problems.soloist || problems.offender || problems.points || problems.record) {
        parts.extra.classList.add("open");
      }
      parts.main.querySelectorAll("td.points-cell").forEach(function (cell) {
        var seat = cell.getAttribute("data-seat");
        cell.textContent = "";
        if (!row.filled) return;
        var points = element("span", "points");
        if (row.counted) {
          var value = row.points[seat];
          points.textContent = signed(value);
          if (value > 0) points.classList.add("pos");
          if (value < 0) points.classList.add("neg");
          cell.appendChild(points);
          cell.appendChild(element("span", "total", String(row.totals[seat])));
        } else {
          points.classList.add("muted");
          points.textContent = "\u2013";
          cell.appendChild(points);
        }
      });
      var info = parts.info.querySelector(".info-cell");
      info.textContent = "";
      var messages = [];
      keys.forEach(function (key) {
        problems[key].forEach(function (message) { messages.push(message); });
      });
      if (messages.length) {
        var list = element("ul", "row-problems");
        list.setAttribute("role", "alert");
        messages.forEach(function (message) {
          list.appendChild(element("li", "", form.getAttribute("data-game-label").replace("%s", row.number) + " " + message));
        });
        info.appendChild(list);
      }
      if (row.note) info.appendChild(element("span", "row-note", row.note));
      if (row.warnings.length) info.appendChild(element("span", "row-warning", "\u26a0 " + row.warnings.join("; ")));
      if (row.breakdown) info.appendChild(element("span", "row-breakdown", row.breakdown));
      parts.info.classList.toggle("hidden-info", !messages.length && !row.warnings.length && !row.breakdown && !row.note);
    });
    form.querySelectorAll("td.total-cell").forEach(function (cell) {
      cell.textContent = "";
      cell.appendChild(element("strong", "", String(data.totals[cell.getAttribute("data-seat")])));
    });
    form.querySelectorAll(".bar-total").forEach(function (cell) {
      var strong = cell.querySelector("strong");
      text(strong, signed(data.totals[cell.getAttribute("data-seat")] || 0).replace("\u2212", "-"));
    });
    var sum = Object.keys(data.totals).reduce(function (acc, seat) { return acc + data.totals[seat]; }, 0);
    var zero = form.querySelector(".zero-check");
    if (zero) text(zero, form.getAttribute("data-zero-text").replace("%1", data.filled).replace("%2", sum));
    var barZero = form.querySelector(".bar-zero");
    if (barZero) {
      text(barZero, (sum === 0 ? "\u2713 " : "\u26a0 ") + t("sum", sum));
      barZero.classList.toggle("bad", sum !== 0);
    }
    if (status) {
      text(status, form.getAttribute("data-count-text").replace("%1", data.filled).replace("%2", data.expected));
    }
  }

  // ------------------------------------------------------------------ keyboard

  function focusRow(index, name) {
    var row = gameRows[index];
    if (!row) {
      var next = form.querySelector(".sheet-actions button:not(.hidden)");
      if (next) next.focus();
      return;
    }
    var input = row.querySelector("." + (name || "winners"));
    input.focus();
    if (input.select) input.select();
  }

  function toggleMore(number, open) {
    var parts = rowParts(number);
    var more = parts.main.querySelector(".more-toggle");
    var isOpen = parts.extra.classList.toggle("open", open === undefined ? !parts.extra.classList.contains("open") : open);
    if (more) more.setAttribute("aria-expanded", isOpen ? "true" : "false");
    if (isOpen) {
      var first = parts.extra.querySelector("select");
      if (first) first.focus();
    } else {
      parts.main.querySelector(".winners").focus();
    }
  }

  gameRows.forEach(function (row, index) {
    var number = row.getAttribute("data-game");
    var winners = row.querySelector(".winners");
    var value = row.querySelector(".value");
    var kind = row.querySelector(".kind");
    var record = field(number, "record");
    var parts = rowParts(number);

    [winners, value, kind].forEach(function (input) {
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          if (input === winners) {
            value.focus();
            value.select();
          } else {
            scheduleSave(0);
            focusRow(index + 1);
          }
        } else if (event.key === "ArrowDown" && input !== kind) {
          event.preventDefault();
          focusRow(index + 1, input.classList.contains("value") ? "value" : "winners");
        } else if (event.key === "ArrowUp" && input !== kind && index > 0) {
          event.preventDefault();
          focusRow(index - 1, input.classList.contains("value") ? "value" : "winners");
        }
      });
    });
    // Typing over a calculator row turns it back into a quick entry.
    [winners, value].forEach(function (input) {
      input.addEventListener("input", function () {
        if (record.value) record.value = "";
        changed();
      });
    });
    kind.addEventListener("change", function () {
      if (record.value) {
        try {
          var data = JSON.parse(record.value);
          data.kind = kind.value;
          record.value = JSON.stringify(data);
        } catch (error) {
          record.value = "";
        }
      }
      changed();
    });

    parts.extra.querySelectorAll("select, input").forEach(function (input) {
      input.addEventListener("input", changed);
      input.addEventListener("change", changed);
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {
          event.preventDefault();
          focusRow(index + 1);
        }
      });
    });
    parts.extra.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        event.preventDefault();
        toggleMore(number, false);
      }
    });
    // Leaving a row sends it at once.
    row.addEventListener("focusout", function (event) {
      var to = event.relatedTarget;
      if (!to || (!row.contains(to) && !parts.extra.contains(to))) scheduleSave(150);
    });
    var more = row.querySelector(".more-toggle");
    if (more) more.addEventListener("click", function () { toggleMore(number); });
    var calc = row.querySelector(".calc-open");
    if (calc) calc.addEventListener("click", function () { openCalculator(number); });
    row.addEventListener("keydown", function (event) {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      var key = event.key.toLowerCase();
      if (key === "r" || event.code === "KeyR") {
        event.preventDefault();
        openCalculator(number);
      } else if (key === "w" || event.code === "KeyW") {
        event.preventDefault();
        toggleMore(number, true);
      }
    });
  });

  document.addEventListener("keydown", function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key === "s") {
      event.preventDefault();
      scheduleSave(0);
    }
  });

  // Closing the tab or switching apps: what is not yet sent goes out as a last beacon (the
  // device keeps it anyway and sends it again when the link is opened).
  function sendLastBeacon() {
    if (locked || conflictOpen || offline || passing || !navigator.sendBeacon) return;
    var unsent = gameRows.some(function (row) {
      var state = rowState(row.getAttribute("data-game"));
      return state === "pending" || state === "waiting";
    });
    if (!unsent) return;
    revisionInput.value = revision;
    navigator.sendBeacon(autosaveUrl, new FormData(form));
  }
  window.addEventListener("pagehide", sendLastBeacon);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "hidden") sendLastBeacon();
  });

  // "Liste abgeben" and the organiser's buttons: first everything typed must be on the server
  // (with the current revision), then the form is sent as always.
  form.addEventListener("submit", function (event) {
    if (passing) return;
    event.preventDefault();
    var submitter = event.submitter || null;
    if (saveTimer) window.clearTimeout(saveTimer);
    (saving || Promise.resolve()).then(autosave).then(function () {
      if (offline) {
        showBanner(t("submit_offline"), "offline");
        return;
      }
      if (conflictOpen || locked) return;
      passing = true;
      revisionInput.value = revision;
      if (form.requestSubmit) form.requestSubmit(submitter); else form.submit();
    });
  });

  // ------------------------------------------------------------------ calculator

  var dialog = document.getElementById("calculator");
  var current = null;

  function calcEl(selector) { return dialog.querySelector(selector); }

  function sittingOut(number) {
    var value = rowParts(number).main.getAttribute("data-sitting-out");
    return value ? parseInt(value, 10) : null;
  }

  function isAnnouncedSolo(kind) { return kind.indexOf("solo_") === 0; }

  function resetCalculator() {
    dialog.querySelectorAll("input[type=checkbox]").forEach(function (box) { box.checked = false; });
    dialog.querySelectorAll(".calc-special").forEach(function (input) { input.value = "0"; });
    dialog.querySelectorAll(".calc-absage").forEach(function (select) { select.value = ""; });
    calcEl(".calc-augen").value = "";
    calcEl(".calc-schwarz").value = "";
  }

  function openCalculator(number) {
    if (!dialog) return;
    current = number;
    lastSent = "";
    lastResult = null;
    resetCalculator();
    var out = sittingOut(number);
    text(calcEl(".calc-game"), form.getAttribute("data-game-label").replace("%s", number).replace(":", ""));
    dialog.querySelectorAll(".calc-seat").forEach(function (label) {
      label.classList.toggle("hidden", parseInt(label.getAttribute("data-seat"), 10) === out);
    });
    var kind = field(number, "kind").value || "normal";
    calcEl(".calc-kind").value = kind;
    var stored = field(number, "record").value;
    if (stored) {
      try { fillCalculator(JSON.parse(stored)); } catch (error) { /* start empty */ }
    } else {
      var soloist = field(number, "soloist").value;
      if (soloist) checkSeat(parseInt(soloist, 10));
    }
    updateCalculatorState();
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
    calcEl(".calc-augen").focus();
    calculate();
  }

  function checkSeat(seat) {
    var box = dialog.querySelector('.calc-seat[data-seat="' + seat + '"] input');
    if (box) box.checked = true;
  }

  function fillCalculator(record) {
    calcEl(".calc-kind").value = record.kind || "normal";
    (record.re || []).forEach(checkSeat);
    if (typeof record.augen_re === "number") calcEl(".calc-augen").value = record.augen_re;
    calcEl(".calc-schwarz").value = record.schwarz || "";
    (record.statements || []).forEach(function (statement) {
      var party = dialog.querySelector('.calc-party[data-party="' + statement.party + '"]');
      if (!party) return;
      if (statement.call === "re" || statement.call === "kontra") {
        party.querySelector(statement.before_lead ? ".calc-call-before" : ".calc-call").checked = true;
      } else if (statement.call === "sub" || statement.call === "in") {
        party.querySelector(".calc-second").checked = true;
      } else {
        var select = party.querySelector(".calc-absage");
        var order = ["", "keine_90", "keine_60", "keine_30", "schwarz"];
        if (order.indexOf(statement.call) > order.indexOf(select.value)) select.value = statement.call;
      }
    });
    (record.specials || []).forEach(function (special) {
      var input = dialog.querySelector('.calc-party[data-party="' + special.party + '"] .calc-special[data-special="' + special.kind + '"]');
      if (input) input.value = String(parseInt(input.value, 10) + 1);
    });
  }

  function updateCalculatorState() {
    var kind = calcEl(".calc-kind").value;
    var solo = isAnnouncedSolo(kind);
    dialog.querySelectorAll(".calc-prelead").forEach(function (label) {
      label.classList.toggle("hidden", solo);
    });
    dialog.querySelectorAll(".calc-specials").forEach(function (box) {
      box.classList.toggle("hidden", solo);
    });
    var deck = form.getAttribute("data-deck");
    var augen = parseInt(calcEl(".calc-augen").value, 10);
    calcEl(".calc-schwarz-label").classList.toggle("hidden", deck !== "48");
    text(calcEl(".calc-kontra"), isNaN(augen) ? "" : "Kontra " + (240 - augen));
  }

  function buildRecord() {
    var kind = calcEl(".calc-kind").value;
    var record = { kind: kind, table_size: tableSize };
    var out = sittingOut(current);
    if (out) record.sitting_out = out;
    record.re = [];
    dialog.querySelectorAll(".calc-seat input:checked").forEach(function (box) {
      var seat = parseInt(box.value, 10);
      if (seat !== out) record.re.push(seat);
    });
    var augen = calcEl(".calc-augen").value.trim();
    record.augen_re = /^\d+$/.test(augen) ? parseInt(augen, 10) : augen;
    var schwarz = calcEl(".calc-schwarz").value;
    if (schwarz) record.schwarz = schwarz;
    record.statements = [];
    record.specials = [];
    var solo = isAnnouncedSolo(kind);
    dialog.querySelectorAll(".calc-party").forEach(function (party) {
      var name = party.getAttribute("data-party");
      var first = name === "re" ? "re" : "kontra";
      if (party.querySelector(".calc-call-before").checked && !solo) {
        record.statements.push({ party: name, call: first, before_lead: true });
      }
      if (party.querySelector(".calc-call").checked) {
        record.statements.push({ party: name, call: first });
      }
      if (party.querySelector(".calc-second").checked) {
        record.statements.push({ party: name, call: name === "re" ? "sub" : "in" });
      }
      var absage = party.querySelector(".calc-absage").value;
      if (absage) record.statements.push({ party: name, call: absage });
      if (!solo) {
        party.querySelectorAll(".calc-special").forEach(function (input) {
          var count = parseInt(input.value, 10) || 0;
          for (var i = 0; i < count; i += 1) {
            record.specials.push({ party: name, kind: input.getAttribute("data-special") });
          }
        });
      }
    });
    return record;
  }

  var lastResult = null;
  var calcRequest = null;
  var calcPending = Promise.resolve();
  var lastSent = "";

  function calculate() {
    updateCalculatorState();
    var body = JSON.stringify(buildRecord());
    if (body === lastSent) return calcPending;  // "change" after "input": nothing new
    lastSent = body;
    // Only the answer to the latest state of the calculator may fill the row.
    if (calcRequest) calcRequest.abort();
    calcRequest = new AbortController();
    lastResult = null;
    calcPending = fetch(scoreUrl, {
      method: "POST",
      body: body,
      headers: { "X-CSRFToken": csrf, "Content-Type": "application/json" },
      credentials: "same-origin",
      signal: calcRequest.signal
    })
      .then(function (response) {
        if (!response.ok && response.status !== 400) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (result) {
        lastResult = result;
        var box = calcEl(".calc-result");
        box.textContent = "";
        box.classList.toggle("error", !!result.error);
        if (result.error) {
          box.textContent = result.error.message;
          return;
        }
        var list = document.createElement("ul");
        result.breakdown.forEach(function (item) {
          var li = document.createElement("li");
          li.textContent = item[0] + " " + signed(item[1]);
          list.appendChild(li);
        });
        var summary = document.createElement("p");
        var parts = Object.keys(result.points).map(function (seat) {
          return seat + ": " + signed(result.points[seat]);
        });
        summary.innerHTML = "";
        var strong = document.createElement("strong");
        strong.textContent = form.getAttribute("data-value-label") + " " + result.value + " \u00b7 " + parts.join("  ");
        summary.appendChild(strong);
        box.appendChild(summary);
        box.appendChild(list);
        if (result.warnings.length) {
          var warn = document.createElement("p");
          warn.className = "row-warning";
          warn.textContent = "\u26a0 " + result.warnings.join("; ");
          box.appendChild(warn);
        }
      })
      .catch(function (error) {
        if (error.name === "AbortError") return;
        var box = calcEl(".calc-result");
        box.classList.add("error");
        box.textContent = form.getAttribute("data-offline-text");
      });
    return calcPending;
  }

  function closeCalculator() {
    if (dialog.close) dialog.close(); else dialog.removeAttribute("open");
    var row = rowParts(current).main;
    if (row) row.querySelector(".winners").focus();
  }

  if (dialog) {
    dialog.addEventListener("input", calculate);
    // Sonderpunkte: − / + steppers (0 to 4 each), no number field to type over.
    dialog.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest(".step") : null;
      if (!button) return;
      var output = button.parentNode.querySelector(".calc-special");
      var count = (parseInt(output.value, 10) || 0) + parseInt(button.getAttribute("data-step"), 10);
      output.value = String(Math.max(0, Math.min(4, count)));
      calculate();
    });
    dialog.addEventListener("change", calculate);
    calcEl(".calc-apply").addEventListener("click", function () {
      calculate().then(applyCalculator);
    });
    function applyCalculator() {
      var record = buildRecord();
      if (!lastResult || lastResult.error) return;
      delete record.table_size;
      delete record.sitting_out;
      field(current, "record").value = JSON.stringify(record);
      field(current, "kind").value = record.kind;
      field(current, "winners").value = lastResult.plus.join("");
      field(current, "value").value = lastResult.value === null ? "" : String(Math.abs(lastResult.value));
      field(current, "soloist").value = "";
      field(current, "offender").value = "";
      rowParts(current).extra.querySelectorAll(".direct-input").forEach(function (input) { input.value = ""; });
      changed();
      closeCalculator();
    }
    calcEl(".calc-cancel").addEventListener("click", closeCalculator);
    calcEl(".calc-clear").addEventListener("click", function () {
      field(current, "record").value = "";
      changed();
      closeCalculator();
    });
    dialog.querySelector("form").addEventListener("keydown", function (event) {
      if (event.key === "Enter" && event.target.tagName !== "BUTTON") {
        event.preventDefault();
        calcEl(".calc-apply").click();
      }
    });
  }
  updateStates();
  if (Object.keys(readAll()).some(function (number) { return rowState(number) === "pending"; })) {
    scheduleSave(300);
  }
})();
