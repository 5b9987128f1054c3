// The score sheet page: keyboard-first entry, live scoring by the server, the calculator.
// Without JavaScript the page still works as a plain form; this only makes it faster.
(function () {
  "use strict";

  var form = document.getElementById("sheet-form");
  if (!form || form.getAttribute("data-editable") !== "1") return;

  var previewUrl = form.getAttribute("data-preview-url");
  var scoreUrl = form.getAttribute("data-score-url");
  var tableSize = parseInt(form.getAttribute("data-table-size"), 10);
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  var status = document.getElementById("sheet-status");
  var gameRows = Array.prototype.slice.call(form.querySelectorAll("tr.game-row"));
  var timer = null;
  var inflight = null;
  var dirty = false;

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

  function text(element, value) {
    element.textContent = value;
  }

  // ------------------------------------------------------------------ live preview

  function schedulePreview() {
    dirty = true;
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(preview, 250);
  }

  function preview() {
    timer = null;
    if (inflight) inflight.abort();
    inflight = new AbortController();
    fetch(previewUrl, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-CSRFToken": csrf },
      credentials: "same-origin",
      signal: inflight.signal
    })
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(render)
      .catch(function (error) {
        if (error.name !== "AbortError" && status) {
          text(status, form.getAttribute("data-offline-text") || "\u26a0 offline");
        }
      });
  }

  function render(data) {
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
        var points = document.createElement("span");
        points.className = "points";
        if (row.counted) {
          var value = row.points[seat];
          points.textContent = signed(value);
          if (value > 0) points.classList.add("pos");
          if (value < 0) points.classList.add("neg");
          var total = document.createElement("span");
          total.className = "total";
          total.textContent = row.totals[seat];
          cell.appendChild(points);
          cell.appendChild(total);
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
        var list = document.createElement("ul");
        list.className = "row-problems";
        messages.forEach(function (message) {
          var item = document.createElement("li");
          item.textContent = form.getAttribute("data-game-label").replace("%s", row.number) + " " + message;
          list.appendChild(item);
        });
        info.appendChild(list);
      }
      if (row.note) {
        var note = document.createElement("span");
        note.className = "row-note";
        note.textContent = row.note;
        info.appendChild(note);
      }
      if (row.warnings.length) {
        var warning = document.createElement("span");
        warning.className = "row-warning";
        warning.textContent = "\u26a0 " + row.warnings.join("; ");
        info.appendChild(warning);
      }
      if (row.breakdown) {
        var breakdown = document.createElement("span");
        breakdown.className = "row-breakdown";
        breakdown.textContent = row.breakdown;
        info.appendChild(breakdown);
      }
      parts.info.classList.toggle("hidden-info", !messages.length && !row.warnings.length && !row.breakdown && !row.note);
    });
    form.querySelectorAll("td.total-cell").forEach(function (cell) {
      var strong = document.createElement("strong");
      strong.textContent = data.totals[cell.getAttribute("data-seat")];
      cell.textContent = "";
      cell.appendChild(strong);
    });
    var zero = form.querySelector(".zero-check");
    if (zero) {
      var sum = Object.keys(data.totals).reduce(function (acc, seat) { return acc + data.totals[seat]; }, 0);
      text(zero, form.getAttribute("data-zero-text").replace("%1", data.filled).replace("%2", sum));
    }
    if (status) {
      text(status, form.getAttribute("data-count-text").replace("%1", data.filled).replace("%2", data.expected));
    }
  }

  // ------------------------------------------------------------------ keyboard

  function focusRow(index, name) {
    var row = gameRows[index];
    if (!row) {
      var save = form.querySelector("button[name=save]");
      if (save) save.focus();
      return;
    }
    var input = row.querySelector("." + (name || "winners"));
    input.focus();
    if (input.select) input.select();
  }

  gameRows.forEach(function (row, index) {
    var number = row.getAttribute("data-game");
    var winners = row.querySelector(".winners");
    var value = row.querySelector(".value");
    var kind = row.querySelector(".kind");
    var record = field(number, "record");

    [winners, value, kind].forEach(function (input) {
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          if (input === winners) {
            value.focus();
            value.select();
          } else {
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
        if (record.value) {
          record.value = "";
        }
        schedulePreview();
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
      schedulePreview();
    });

    var parts = rowParts(number);
    parts.extra.querySelectorAll("select, input").forEach(function (input) {
      input.addEventListener("input", schedulePreview);
      input.addEventListener("change", schedulePreview);
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter") {
          event.preventDefault();
          focusRow(index + 1);
        }
      });
    });
    var more = row.querySelector(".more-toggle");
    if (more) {
      more.addEventListener("click", function () {
        var open = parts.extra.classList.toggle("open");
        more.setAttribute("aria-expanded", open ? "true" : "false");
        if (open) {
          var first = parts.extra.querySelector("select");
          if (first) first.focus();
        }
      });
    }
    var calc = row.querySelector(".calc-open");
    if (calc) {
      calc.addEventListener("click", function () { openCalculator(number); });
    }
    winners.addEventListener("keydown", function (event) {
      if ((event.key === "r" || event.key === "R") && event.altKey) {
        event.preventDefault();
        openCalculator(number);
      }
    });
  });

  document.addEventListener("keydown", function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key === "s") {
      event.preventDefault();
      var save = form.querySelector("button[name=save]");
      if (save) save.click();
    }
  });

  form.addEventListener("submit", function () { dirty = false; });
  window.addEventListener("beforeunload", function (event) {
    if (dirty) {
      event.preventDefault();
      event.returnValue = "";
    }
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
      schedulePreview();
      closeCalculator();
    }
    calcEl(".calc-cancel").addEventListener("click", closeCalculator);
    calcEl(".calc-clear").addEventListener("click", function () {
      field(current, "record").value = "";
      schedulePreview();
      closeCalculator();
    });
    dialog.querySelector("form").addEventListener("keydown", function (event) {
      if (event.key === "Enter" && event.target.tagName !== "BUTTON") {
        event.preventDefault();
        calcEl(".calc-apply").click();
      }
    });
  }
})();
