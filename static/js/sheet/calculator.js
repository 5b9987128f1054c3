// The calculator dialog of a row: the captain ticks who played Re, the Augen, announcements and
// Sonderpunkte; the server scores it as it is typed (one home for the rules), and "apply" fills
// the row with the record, the winners and the value.

import { setText, signed } from "./page.js";
import { createRecordFields } from "./calculator_record.js";

// ``hooks.changed()`` after a row was filled or cleared. Returns openCalculator(number), or a
// function that does nothing on a page without the dialog.
export function bindCalculator(rows, hooks) {
  const dialog = document.getElementById("calculator");
  if (!dialog) return function () {};
  const form = rows.form;
  const scoreUrl = form.getAttribute("data-score-url");
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  const fields = createRecordFields(dialog, rows.tableSize);
  let current = null;  // the game number the dialog is open for
  let lastResult = null;  // the server's answer to the latest state of the dialog
  let calcRequest = null;
  let calcPending = Promise.resolve();
  let lastSent = "";

  function calcEl(selector) { return dialog.querySelector(selector); }

  function updateState() { fields.updateVisibility(form.getAttribute("data-deck")); }

  function open(number) {
    current = number;
    lastSent = "";
    lastResult = null;
    fields.reset();
    const out = rows.sittingOut(number);
    setText(calcEl(".calc-game"), form.getAttribute("data-game-label").replace("%s", number).replace(":", ""));
    dialog.querySelectorAll(".calc-seat").forEach(function (label) {
      label.classList.toggle("hidden", parseInt(label.getAttribute("data-seat"), 10) === out);
    });
    calcEl(".calc-kind").value = rows.field(number, "kind").value || "normal";
    const stored = rows.field(number, "record").value;
    if (stored) {
      try { fields.fill(JSON.parse(stored)); } catch (error) { /* start empty */ }
    } else {
      const soloist = rows.field(number, "soloist").value;
      if (soloist) fields.checkSeat(parseInt(soloist, 10));
    }
    updateState();
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute("open", "");
    calcEl(".calc-augen").focus();
    calculate();
  }

  function showResult(result) {
    const box = calcEl(".calc-result");
    box.textContent = "";
    box.classList.toggle("error", !!result.error);
    if (result.error) {
      box.textContent = result.error.message;
      return;
    }
    const list = document.createElement("ul");
    result.breakdown.forEach(function (item) {
      const li = document.createElement("li");
      li.textContent = item[0] + " " + signed(item[1]);
      list.appendChild(li);
    });
    const summary = document.createElement("p");
    const points = Object.keys(result.points).map(function (seat) {
      return seat + ": " + signed(result.points[seat]);
    });
    const strong = document.createElement("strong");
    strong.textContent = form.getAttribute("data-value-label") + " " + result.value + " \u00b7 " + points.join("  ");
    summary.appendChild(strong);
    box.appendChild(summary);
    box.appendChild(list);
    if (result.warnings.length) {
      const warn = document.createElement("p");
      warn.className = "row-warning";
      warn.textContent = "\u26a0 " + result.warnings.join("; ");
      box.appendChild(warn);
    }
  }

  function calculate() {
    updateState();
    const body = JSON.stringify(fields.build(rows.sittingOut(current)));
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
        showResult(result);
      })
      .catch(function (error) {
        if (error.name === "AbortError") return;
        const box = calcEl(".calc-result");
        box.classList.add("error");
        box.textContent = form.getAttribute("data-offline-text");
      });
    return calcPending;
  }

  function close() {
    if (dialog.close) dialog.close(); else dialog.removeAttribute("open");
    const row = rows.parts(current).main;
    if (row) row.querySelector(".winners").focus();
  }

  function apply() {
    const record = fields.build(rows.sittingOut(current));
    if (!lastResult || lastResult.error) return;
    delete record.table_size;
    delete record.sitting_out;
    rows.field(current, "record").value = JSON.stringify(record);
    rows.field(current, "kind").value = record.kind;
    rows.field(current, "winners").value = lastResult.plus.join("");
    rows.field(current, "value").value = lastResult.value === null ? "" : String(Math.abs(lastResult.value));
    rows.clearBesideRecord(current);
    hooks.changed();
    close();
  }

  dialog.addEventListener("input", calculate);
  // Sonderpunkte: − / + steppers (0 to 4 each), no number field to type over.
  dialog.addEventListener("click", function (event) {
    const button = event.target.closest ? event.target.closest(".step") : null;
    if (!button) return;
    const output = button.parentNode.querySelector(".calc-special");
    const count = (parseInt(output.value, 10) || 0) + parseInt(button.getAttribute("data-step"), 10);
    output.value = String(Math.max(0, Math.min(4, count)));
    calculate();
  });
  dialog.addEventListener("change", calculate);
  calcEl(".calc-apply").addEventListener("click", function () {
    calculate().then(apply);
  });
  calcEl(".calc-cancel").addEventListener("click", close);
  calcEl(".calc-clear").addEventListener("click", function () {
    rows.field(current, "record").value = "";
    hooks.changed();
    close();
  });
  dialog.querySelector("form").addEventListener("keydown", function (event) {
    if (event.key === "Enter" && event.target.tagName !== "BUTTON") {
      event.preventDefault();
      calcEl(".calc-apply").click();
    }
  });
  return open;
}
