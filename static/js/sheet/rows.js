// The sheet form's game rows: each game's three table rows (main, extra fields, info line),
// reading its fields into values and writing values back. Rows are found by game number.

export function createRows(form, canon) {
  const tableSize = parseInt(form.getAttribute("data-table-size"), 10);
  const gameRows = Array.prototype.slice.call(form.querySelectorAll("tr.game-row"));
  const FIELDS = ["kind", "winners", "value", "soloist", "offender", "record"];
  for (let seat = 1; seat <= tableSize; seat += 1) FIELDS.push("p" + seat);

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
      if (name === "kind" && !value) value = "normal";
      input.value = value;
    });
    const rowParts = parts(number);
    if (rowParts.extra && (values.soloist || values.offender || FIELDS.some(function (name) {
      return /^p\d$/.test(name) && values[name];
    }))) {
      rowParts.extra.classList.add("open");
    }
  }

  function sittingOut(number) {
    const value = parts(number).main.getAttribute("data-sitting-out");
    return value ? parseInt(value, 10) : null;
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
    sittingOut: sittingOut
  };
}
