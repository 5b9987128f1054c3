// The sheet form's game rows: each game's three table rows (main, extra fields, info line),
// reading its fields into values and writing values back. Rows are found by game number; who
// deals a row and who sits it out is what the server last derived from the rows before it.
// The server renders every row (templates/scoring/includes/sheet_row.html); a row the sheet
// grows by (a DDV penalty line is no game, so one more row follows) is a clone of the blank
// row the same partial rendered (#sheet-row-template), numbered where it says __n__.

const SLOT = "__n__";
// The most rows the server reads of a sheet (scoring/sheets/entry.py, MAX_ROWS).
const MAX_ROWS = 60;

export function createRows(form, canon) {
  function names(attribute) {
    return (form.getAttribute(attribute) || "").split(" ").filter(Boolean);
  }
  const tableSize = parseInt(form.getAttribute("data-table-size"), 10);
  const gameRows = Array.prototype.slice.call(form.querySelectorAll("tr.game-row"));
  const template = blankRow();
  const added = [];
  // Every input of a row, as the ruleset's entry spec names them (the quick entry, the extras,
  // DDV's Pflicht/Lust/Vorführung and penalty line, direct points, the calculator's record).
  // A form without that list (the count-down deal form, its own partial) has the fixed inputs
  // and its own ones.
  const FIELDS = names("data-fields");
  if (!form.hasAttribute("data-fields")) {
    ["kind", "winners", "value", "soloist", "offender", "record"].forEach(function (name) { FIELDS.push(name); });
    for (let seat = 1; seat <= tableSize; seat += 1) FIELDS.push("p" + seat);
    names("data-own-fields").forEach(function (name) { FIELDS.push(name); });
  }
  // Those that make a line of their own (DDV's penalty line) open the row's extras when filled.
  const LINES = names("data-line-fields");
  // And the ruleset's own inputs it does not fill in itself (DDV's Klärungsstich).
  const COUNTED = names("data-counted-fields");
  // The ruleset's inputs of a game that go into its record (DDV's Pflicht/Lust/Vorführung).
  const RECORDED = names("data-record-inputs");

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
    // A row the page lacks comes when there is something to write in it.
    if (!parts(number).main) {
      if (!Object.keys(values).some(function (name) { return values[name]; })) return;
      ensure(number);
    }
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
      return (/^p\d$/.test(name) || LINES.indexOf(name) >= 0 || COUNTED.indexOf(name) >= 0) && values[name];
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
      if (!badge && change.sittingOut && name) {
        // The count-down deal form renders the badge only where a seat sits out.
        badge = document.createElement("span");
        badge.className = "badge out";
        badge.textContent = form.getAttribute("data-out-text") || "";
        name.after(" ", badge);
      }
      if (badge) badge.classList.toggle("hidden", !change.sittingOut);
      main.querySelectorAll("td.points-cell").forEach(function (cell) {
        cell.classList.toggle("out", parseInt(cell.getAttribute("data-seat"), 10) === change.sittingOut);
      });
    });
  }

  // Whether row ``number`` is a line of its own (a line form's input filled).
  function isLine(number) {
    return LINES.some(function (name) {
      const input = field(number, name);
      return input && input.value;
    });
  }

  // Every row's values in order, each with ``line`` (deal.js reads them).
  function inOrder() {
    return gameRows.map(function (row) {
      const number = row.getAttribute("data-game");
      const values = read(number);
      values.line = isLine(number);
      return values;
    });
  }

  // Rows that are a line of their own (a line form's input filled: DDV's penalty line), which
  // the server counts on top of the sheet's length.
  function lineRows() {
    return gameRows.filter(function (row) { return isLine(row.getAttribute("data-game")); }).length;
  }
  const rendered = { rows: gameRows.length, lines: lineRows() };

  // A line typed here grows the sheet by a row at once, also offline (the server's next answer
  // says the same, ``ensure`` in scores.js); a line cleared leaves its row, blank rows are not
  // sent.
  function growForLines() {
    return ensure(rendered.rows + Math.max(0, lineRows() - rendered.lines));
  }

  // Number the games as the paper does: a row that is no game (data-row-kind "penalty", as the
  // server last scored it) has no number, the games after it keep theirs.
  function renumber() {
    let played = 0;
    gameRows.forEach(function (row) {
      const number = row.querySelector(".game-number");
      const game = row.getAttribute("data-row-kind") !== "penalty";
      if (game) played += 1;
      if (!number) return;
      number.classList.toggle("hidden", !game);
      const count = number.querySelector(".game-count");
      if (count) count.textContent = game ? String(played) : "";
    });
  }

  // A row whose calculator record now says the game: its quick entry and record are written
  // by the caller; every other input of the row is cleared (the soloist, who revoked, direct
  // points, a line form) except the ruleset's own inputs that go into the record.
  function clearBesideRecord(number) {
    FIELDS.forEach(function (name) {
      if (name === "record" || name === "kind" || name === "winners" || name === "value") return;
      if (RECORDED.indexOf(name) >= 0) return;
      const input = field(number, name);
      if (input) input.value = "";
    });
  }

  // Rows up to ``number`` that the page lacks, cloned from the blank row; ``onAdd(fn)``
  // hears of each (the keyboard binds its inputs). Returns whether any was added.
  function ensure(number) {
    let grew = false;
    const last = gameRows.length ? parseInt(gameRows[gameRows.length - 1].getAttribute("data-game"), 10) : 0;
    const upTo = Math.min(Number(number), MAX_ROWS);
    for (let next = last + 1; template && next <= upTo; next += 1) {
      const copy = template.content.cloneNode(true);
      numberClone(copy, String(next));
      const main = copy.querySelector("tr.game-row");
      const before = parts(next - 1).info;
      before.parentNode.insertBefore(copy, before.nextSibling);
      gameRows.push(main);
      added.forEach(function (hear) { hear(main, gameRows.length - 1, String(next)); });
      grew = true;
    }
    if (grew) renumber();
    return grew;
  }

  return {
    form: form,
    tableSize: tableSize,
    fields: FIELDS,
    list: gameRows,
    numbers: function () { return gameRows.map(function (row) { return row.getAttribute("data-game"); }); },
    parts: parts,
    field: field,
    read: read,
    readAll: readAll,
    write: write,
    sittingOut: sittingOut,
    heads: heads,
    applyHeads: applyHeads,
    ensure: ensure,
    clearBesideRecord: clearBesideRecord,
    renumber: renumber,
    inOrder: inOrder,
    growForLines: growForLines,
    onAdd: function (hear) { added.push(hear); }
  };
}

// The blank row the server rendered with every other row (its HTML as JSON in
// #sheet-row-template), as a <template> to clone; null on a page without one.
function blankRow() {
  const holder = document.getElementById("sheet-row-template");
  if (!holder) return null;
  const template = document.createElement("template");
  try {
    template.innerHTML = JSON.parse(holder.textContent);
  } catch (error) {
    return null;
  }
  return template;
}

// The blank row's number in every attribute and text that holds its slot.
function numberClone(fragment, number) {
  fragment.querySelectorAll("*").forEach(function (node) {
    Array.prototype.forEach.call(node.attributes, function (attribute) {
      if (attribute.value.indexOf(SLOT) >= 0) attribute.value = attribute.value.split(SLOT).join(number);
    });
  });
  const walker = document.createTreeWalker(fragment, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.nodeValue.indexOf(SLOT) >= 0) text.nodeValue = text.nodeValue.split(SLOT).join(number);
  }
}
