// The sheet form's game rows: each game's three table rows (main, extra fields, info line),
// reading its fields into values and writing values back. Rows are found by game number; who
// deals a row and who sits it out is what the server last derived from the rows before it.

export function createRows(form, canon) {
  const tableSize = parseInt(form.getAttribute("data-table-size"), 10);
  const gameRows = Array.prototype.slice.call(form.querySelectorAll("tr.game-row"));
  const FIELDS = ["kind", "winners", "value", "soloist", "offender", "record"];
  for (let seat = 1; seat <= tableSize; seat += 1) FIELDS.push("p" + seat);
  // The ruleset's own inputs (DDV: Pflicht/Lust/Vorführung, the penalty line).
  (form.getAttribute("data-own-fields") || "").split(" ").filter(Boolean).forEach(function (name) {
    FIELDS.push(name);
  });
  // Those that make a line of their own (DDV's penalty line) open the row's extras when filled.
  const LINES = (form.getAttribute("data-line-fields") || "").split(" ").filter(Boolean);

  function parts(number) {
    return {
      main: form.querySelector('tr.game-row[data-game="' + number + '"]'),
      extra: form.querySelector('tr.row-extra[data-game="' + number + '"]'),
      info: form.querySelector('tr.row-info[data-game="' + number + '"]')
    };
  }

  function field(number, name) {
    return form.querySelector('[name="g' + number + "-" + name + '"]');
  }

  function read(number) {
    const values = {};
    FIELDS.forEach(function (name) {
      const input = field(number, name);
      if (input) values[name] = input.value;
    });
    return values;
  }

  // Every row that is not blank, by game number.
  function readAll() {
    const values = {};
    gameRows.forEach(function (row) {
      const number = row.getAttribute("data-game");
      const rowValues = read(number);
      if (canon(rowValues, false, number)) values[number] = rowValues;
    });
    return values;
  }

  function write(number, values) {
    values = values || {};
    FIELDS.forEach(function (name) {
      const input = field(number, name);
      if (!input) return;
      let value = values[name] || "";
      // No kind given: the ruleset's first (the house rules: "normal").
      if (name === "kind" && !value && input.options && input.options.length) value = input.options[0].value;
      input.value = value;
    });
    const rowParts = parts(number);
    if (rowParts.extra && (values.soloist || values.offender || FIELDS.some(function (name) {
      return (/^p\d$/.test(name) || LINES.indexOf(name) >= 0) && values[name];
    }))) {
      rowParts.extra.classList.add("open");
    }
  }

  function sittingOut(number) {
    const value = parts(number).main.getAttribute("data-sitting-out");
    return value ? parseInt(value, 10) : null;
  }

  // Every row's dealer and sitter as shown: {number: {dealer, sittingOut}}.
  function heads() {
    const shown = {};
    gameRows.forEach(function (row) {
      const number = row.getAttribute("data-game");
      shown[number] = { dealer: parseInt(row.getAttribute("data-dealer"), 10) || null, sittingOut: sittingOut(number) };
    });
    return shown;
  }

  // Show the dealers and sitters the server derived (heads.js, headChanges).
  function applyHeads(changes) {
    const names = Array.prototype.map.call(form.querySelectorAll("thead th.player-col"), function (th) {
      return th.getAttribute("title") || "";
    });
    changes.forEach(function (change) {
      const main = parts(change.number).main;
      if (!main) return;
      main.setAttribute("data-dealer", String(change.dealer));
      main.setAttribute("data-sitting-out", change.sittingOut ? String(change.sittingOut) : "");
      const name = main.querySelector(".dealer-name");
      if (name) name.textContent = names[change.dealer - 1] || "";
      let badge = main.querySelector(".badge.out");
      if (change.sittingOut && !badge && name) {
        badge = document.createElement("span");
        badge.className = "badge out";
        badge.textContent = form.getAttribute("data-out-text") || "";
        name.after(" ", badge);
      } else if (!change.sittingOut && badge) {
        badge.remove();
      }
      main.querySelectorAll("td.points-cell").forEach(function (cell) {
        cell.classList.toggle("out", parseInt(cell.getAttribute("data-seat"), 10) === change.sittingOut);
      });
    });
  }

  return {
    form: form,
    tableSize: tableSize,
    list: gameRows,
    numbers: function () { return gameRows.map(function (row) { return row.getAttribute("data-game"); }); },
    parts: parts,
    field: field,
    read: read,
    readAll: readAll,
    write: write,
    sittingOut: sittingOut,
    heads: heads,
    applyHeads: applyHeads
  };
}
