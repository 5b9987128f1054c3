// The calculator dialog's fields and the record they stand for: the record a row keeps
// (kind, Re seats, Augen, announcements, Sonderpunkte) written into the dialog, and read back.

function isAnnouncedSolo(kind) { return kind.indexOf("solo_") === 0; }

const ABSAGE_ORDER = ["", "keine_90", "keine_60", "keine_30", "schwarz"];

export function createRecordFields(dialog, tableSize) {
  function calcEl(selector) { return dialog.querySelector(selector); }

  function reset() {
    dialog.querySelectorAll("input[type=checkbox]").forEach(function (box) { box.checked = false; });
    dialog.querySelectorAll(".calc-special").forEach(function (input) { input.value = "0"; });
    dialog.querySelectorAll(".calc-absage").forEach(function (select) { select.value = ""; });
    calcEl(".calc-augen").value = "";
    calcEl(".calc-schwarz").value = "";
  }

  function checkSeat(seat) {
    const box = dialog.querySelector('.calc-seat[data-seat="' + seat + '"] input');
    if (box) box.checked = true;
  }

  function fill(record) {
    calcEl(".calc-kind").value = record.kind || "normal";
    (record.re || []).forEach(checkSeat);
    if (typeof record.augen_re === "number") calcEl(".calc-augen").value = record.augen_re;
    calcEl(".calc-schwarz").value = record.schwarz || "";
    (record.statements || []).forEach(function (statement) {
      const party = dialog.querySelector('.calc-party[data-party="' + statement.party + '"]');
      if (!party) return;
      if (statement.call === "re" || statement.call === "kontra") {
        check(party, statement.before_lead && party.querySelector(".calc-call-before") ? ".calc-call-before" : ".calc-call");
      } else if (statement.call === "sub" || statement.call === "in") {
        check(party, ".calc-second");
      } else {
        const select = party.querySelector(".calc-absage");
        if (ABSAGE_ORDER.indexOf(statement.call) > ABSAGE_ORDER.indexOf(select.value)) select.value = statement.call;
      }
    });
    (record.specials || []).forEach(function (special) {
      const input = dialog.querySelector('.calc-party[data-party="' + special.party + '"] .calc-special[data-special="' + special.kind + '"]');
      if (input) input.value = String(parseInt(input.value, 10) + 1);
    });
  }

  // An announced solo has no call before the lead and no Sonderpunkte; Schwarz only at 48 cards.
  function updateVisibility(deck) {
    const solo = isAnnouncedSolo(calcEl(".calc-kind").value);
    dialog.querySelectorAll(".calc-prelead").forEach(function (label) {
      label.classList.toggle("hidden", solo);
    });
    dialog.querySelectorAll(".calc-specials").forEach(function (box) {
      box.classList.toggle("hidden", solo);
    });
    const augen = parseInt(calcEl(".calc-augen").value, 10);
    calcEl(".calc-schwarz-label").classList.toggle("hidden", deck !== "48");
    calcEl(".calc-kontra").textContent = isNaN(augen) ? "" : "Kontra " + (240 - augen);
  }

  // A ruleset without a call before the lead or a second call (DDV) has no such box.
  function checked(party, selector) {
    const box = party.querySelector(selector);
    return !!box && box.checked;
  }

  function check(party, selector) {
    const box = party.querySelector(selector);
    if (box) box.checked = true;
  }

  function partyRecord(record, party, solo) {
    const name = party.getAttribute("data-party");
    const first = name === "re" ? "re" : "kontra";
    if (checked(party, ".calc-call-before") && !solo) {
      record.statements.push({ party: name, call: first, before_lead: true });
    }
    if (checked(party, ".calc-call")) {
      record.statements.push({ party: name, call: first });
    }
    if (checked(party, ".calc-second")) {
      record.statements.push({ party: name, call: name === "re" ? "sub" : "in" });
    }
    const absage = party.querySelector(".calc-absage").value;
    if (absage) record.statements.push({ party: name, call: absage });
    if (solo) return;
    party.querySelectorAll(".calc-special").forEach(function (input) {
      const count = parseInt(input.value, 10) || 0;
      for (let i = 0; i < count; i += 1) {
        record.specials.push({ party: name, kind: input.getAttribute("data-special") });
      }
    });
  }

  // The record for the game in which seat ``out`` sits out (null: nobody).
  function build(out) {
    const kind = calcEl(".calc-kind").value;
    const record = { kind: kind, table_size: tableSize };
    if (out) record.sitting_out = out;
    record.re = [];
    dialog.querySelectorAll(".calc-seat input:checked").forEach(function (box) {
      const seat = parseInt(box.value, 10);
      if (seat !== out) record.re.push(seat);
    });
    const augen = calcEl(".calc-augen").value.trim();
    record.augen_re = /^\d+$/.test(augen) ? parseInt(augen, 10) : augen;
    const schwarz = calcEl(".calc-schwarz").value;
    if (schwarz) record.schwarz = schwarz;
    record.statements = [];
    record.specials = [];
    const solo = isAnnouncedSolo(kind);
    dialog.querySelectorAll(".calc-party").forEach(function (party) { partyRecord(record, party, solo); });
    return record;
  }

  return { reset: reset, fill: fill, checkSeat: checkSeat, updateVisibility: updateVisibility, build: build };
}
