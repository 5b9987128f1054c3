// Keyboard-first entry on the sheet: Enter and the arrow keys move between rows, Alt+R opens
// the calculator, Alt+W the further fields, Escape closes them, Ctrl+S saves at once; every
// change is reported (hooks.changed) and leaving a row sends it.

// ``hooks``: changed(), scheduleSave(delay), openCalculator(number).
export function bindKeyboard(rows, hooks) {
  const form = rows.form;

  function focusRow(index, name) {
    const row = rows.list[index];
    if (!row) {
      const next = form.querySelector(".sheet-actions button:not(.hidden)");
      if (next) next.focus();
      return;
    }
    const input = row.querySelector("." + (name || "winners"));
    input.focus();
    if (input.select) input.select();
  }

  function toggleMore(number, open) {
    const parts = rows.parts(number);
    const more = parts.main.querySelector(".more-toggle");
    const isOpen = parts.extra.classList.toggle("open", open === undefined ? !parts.extra.classList.contains("open") : open);
    if (more) more.setAttribute("aria-expanded", isOpen ? "true" : "false");
    if (isOpen) {
      const first = parts.extra.querySelector("select");
      if (first) first.focus();
    } else {
      parts.main.querySelector(".winners").focus();
    }
  }

  function bindQuickEntry(row, index, number) {
    const winners = row.querySelector(".winners");
    const value = row.querySelector(".value");
    const kind = row.querySelector(".kind");
    const record = rows.field(number, "record");
    [winners, value, kind].forEach(function (input) {
      input.addEventListener("keydown", function (event) {
        if (event.key === "Enter" && !event.ctrlKey && !event.metaKey) {
          event.preventDefault();
          if (input === winners) {
            value.focus();
            value.select();
          } else {
            hooks.scheduleSave(0);
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
        hooks.changed();
      });
    });
    kind.addEventListener("change", function () {
      if (record.value) {
        try {
          const data = JSON.parse(record.value);
          data.kind = kind.value;
          record.value = JSON.stringify(data);
        } catch (error) {
          record.value = "";
        }
      }
      hooks.changed();
    });
  }

  function bindExtra(row, index, number) {
    const parts = rows.parts(number);
    parts.extra.querySelectorAll("select, input").forEach(function (input) {
      input.addEventListener("input", hooks.changed);
      input.addEventListener("change", hooks.changed);
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
      const to = event.relatedTarget;
      if (!to || (!row.contains(to) && !parts.extra.contains(to))) hooks.scheduleSave(150);
    });
  }

  function bindButtons(row, number) {
    const more = row.querySelector(".more-toggle");
    if (more) more.addEventListener("click", function () { toggleMore(number); });
    const calc = row.querySelector(".calc-open");
    if (calc) calc.addEventListener("click", function () { hooks.openCalculator(number); });
    row.addEventListener("keydown", function (event) {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      if (key === "r" || event.code === "KeyR") {
        event.preventDefault();
        hooks.openCalculator(number);
      } else if (key === "w" || event.code === "KeyW") {
        event.preventDefault();
        toggleMore(number, true);
      }
    });
  }

  function bindRow(row, index) {
    const number = row.getAttribute("data-game");
    bindQuickEntry(row, index, number);
    bindExtra(row, index, number);
    bindButtons(row, number);
  }
  rows.list.forEach(bindRow);
  // A row the sheet grows by (rows.js, ensure) is bound as it comes.
  rows.onAdd(bindRow);

  document.addEventListener("keydown", function (event) {
    if ((event.ctrlKey || event.metaKey) && event.key === "s") {
      event.preventDefault();
      hooks.scheduleSave(0);
    }
  });
}
