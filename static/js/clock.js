// The round's clock in the browser: counts down from the server's deadlines, corrected by the
// server's time (a phone whose own clock is off still shows the right time), and asks again
// every few seconds. Without a connection it keeps counting. Used by the desk, the captain's
// page and the projector: every element with data-clock-url is one clock.
(function () {
  "use strict";

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function format(seconds) {
    seconds = Math.max(0, Math.ceil(seconds));
    var h = Math.floor(seconds / 3600);
    var m = Math.floor((seconds % 3600) / 60);
    var s = seconds % 60;
    return h ? h + ":" + two(m) + ":" + two(s) : two(m) + ":" + two(s);
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (_, key) { return values[key]; });
  }

  // A short tone made by WebAudio (no file, no CDN); browsers allow it after one click.
  var audio = null;
  function beep(times) {
    if (!audio) { return; }
    for (var i = 0; i < times; i++) {
      var start = audio.currentTime + i * 0.45;
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.35);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start(start);
      osc.stop(start + 0.4);
    }
  }

  function Clock(box) {
    this.box = box;
    this.url = box.getAttribute("data-clock-url");
    this.mode = box.getAttribute("data-clock-mode") || "tables";
    this.poll = Math.max(2, parseInt(box.getAttribute("data-poll-seconds"), 10) || 15) * 1000;
    this.state = null;
    this.offset = 0; // server time - this device's time, in ms
    this.alerted = {};
    var self = this;
    var soundButton = box.querySelector("[data-clock-sound]");
    if (soundButton) {
      soundButton.addEventListener("click", function () {
        var Context = window.AudioContext || window.webkitAudioContext;
        if (Context && !audio) { audio = new Context(); }
        if (audio && audio.state === "suspended") { audio.resume(); }
        soundButton.setAttribute("aria-pressed", "true");
        soundButton.hidden = true;
        beep(1);
      });
    }
    this.fetch();
    window.setInterval(function () { self.fetch(); }, this.poll);
    window.setInterval(function () { self.render(); }, 250);
  }

  Clock.prototype.text = function (name) {
    return this.box.getAttribute("data-text-" + name) || "";
  };

  Clock.prototype.fetch = function () {
    var self = this;
    var sent = Date.now();
    fetch(this.url, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (response) {
        if (!response.ok) { throw new Error(String(response.status)); }
        return response.json();
      })
      .then(function (state) {
        var received = Date.now();
        // The server's clock at the middle of the request's way there and back.
        self.offset = state.server_now - (sent + received) / 2;
        self.state = state;
        self.box.classList.remove("clock-offline");
        // The page's other scripts hear the answer too (the captain's sheet: the organiser's stop).
        document.dispatchEvent(new CustomEvent("doko:clock", { detail: state }));
        self.render();
      })
      .catch(function () {
        self.box.classList.add("clock-offline");
        self.render();
      });
  };

  Clock.prototype.remaining = function (table) {
    if (this.state.status === "running" && table.deadline !== null) {
      return (table.deadline - (Date.now() + this.offset)) / 1000;
    }
    return table.remaining;
  };

  Clock.prototype.render = function () {
    var state = this.state;
    if (!state) { return; }
    var box = this.box;
    var started = state.status === "running" || state.status === "paused";
    box.hidden = this.mode !== "tables" && !started;
    box.setAttribute("data-clock-state", state.status);
    var status = box.querySelector("[data-clock-status]");
    if (status) {
      var key = state.status === "running" || state.status === "paused" ? state.status : "idle";
      status.textContent = this.text(key) +
        (box.classList.contains("clock-offline") ? " " + this.text("offline") : "");
    }
    var soundButton = box.querySelector("[data-clock-sound]");
    if (soundButton && !state.sound) { soundButton.hidden = true; }
    if (this.mode === "groups") { this.renderGroups(state.groups || []); }
    var self = this;
    (state.tables || []).forEach(function (table) {
      var row = self.mode === "own" ? box : box.querySelector('[data-clock-table="' + table.table + '"]');
      if (row) { self.renderTable(row, table, started); }
    });
  };

  Clock.prototype.renderTable = function (row, table, started) {
    var left = this.remaining(table);
    var up = started && left <= 0;
    var warning = this.state.status === "running" && !up && left <= this.state.warning_seconds;
    row.classList.toggle("clock-up", up);
    row.classList.toggle("clock-warning", warning);
    var time = row.querySelector("[data-clock-time]");
    if (time) { time.textContent = !started ? "–" : up ? this.text("up") : format(left); }
    var note = row.querySelector("[data-clock-note]");
    if (note) {
      var parts = [];
      if (this.state.status === "paused") { parts.push(this.text("paused")); }
      if (table.extension) { parts.push(fill(this.text("extension"), { minutes: table.extension })); }
      if (warning) { parts.push(this.text("warning")); }
      if (up) { parts.push(this.text("up-note")); }
      note.textContent = parts.join(" · ");
    }
    this.alert(table.table + "/" + table.size, warning, up);
    if (this.mode === "own") { this.showWhenUp(up); }
  };

  // The captain's page keeps what waits for the table's time (the "Zeit abgelaufen" control)
  // hidden until the clock says the time is up, and hides it again when Nachspielzeit moves
  // the end: the phone holds the page for the evening and must not need a fresh load for it.
  Clock.prototype.showWhenUp = function (up) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-when-time-up]"), function (node) {
      if (node.hidden === up) { node.hidden = !up; }
    });
  };

  Clock.prototype.renderGroups = function (groups) {
    var list = this.box.querySelector("[data-clock-groups]");
    if (!list) { return; }
    var self = this;
    var wanted = groups.map(function (group) {
      return group.extension ? "t" + group.table : "s" + group.size;
    }).join(",");
    if (list.getAttribute("data-keys") !== wanted) {
      list.textContent = "";
      groups.forEach(function (group) {
        var item = document.createElement("li");
        item.setAttribute("data-clock-table", String(group.table));
        var label = document.createElement("span");
        label.className = "clock-label";
        label.textContent = group.extension
          ? fill(self.text("table"), { table: group.table, minutes: group.extension })
          : fill(self.text("size"), { size: group.size });
        var time = document.createElement("strong");
        time.className = "clock-time";
        time.setAttribute("data-clock-time", "");
        item.appendChild(label);
        item.appendChild(time);
        list.appendChild(item);
      });
      list.setAttribute("data-keys", wanted);
    }
  };

  // The projector sounds once at the warning and three times when a time is up (if switched
  // on in the settings and the sound was allowed by a click); a reload does not sound again
  // for what was already the case when the page got its first answer.
  Clock.prototype.alert = function (key, warning, up) {
    var was = this.alerted[key];
    var now = up ? "up" : warning ? "warning" : "";
    this.alerted[key] = now;
    if (was === undefined || was === now || !now || !this.state.sound) { return; }
    beep(now === "up" ? 3 : 1);
  };

  Array.prototype.forEach.call(document.querySelectorAll("[data-clock-url]"), function (box) {
    new Clock(box);
  });
})();
