// The canonical form of a sheet row (pure: no document, no network): one comparable string for
// the fields this device typed and for the game the server stored, so that a game saved from
// this device is never reported as changed elsewhere or as restored. Tested by
// tests/js/canon.test.mjs.

// JSON with sorted keys, without what the server adds to a calculator record.
export function stableJson(value) {
  if (Array.isArray(value)) return "[" + value.map(stableJson).join(",") + "]";
  if (value && typeof value === "object") {
    return "{" + Object.keys(value).sort().filter(function (key) {
      return key !== "table_size" && key !== "sitting_out";
    }).map(function (key) { return JSON.stringify(key) + ":" + stableJson(value[key]); }).join(",") + "}";
  }
  return JSON.stringify(value);
}

function digits(text) {
  return text.replace(/[^0-9]/g, "").split("").sort().join("");
}

// The soloist the winners imply, as the server fills it in (scoring/sheets/entry.py,
// infer_soloist): one winner is the soloist; with three winners it is the active seat left.
export function impliedSoloist(winners, active) {
  if (winners.length === 1) return winners;
  if (winners.length === 3 && active) {
    const rest = active.filter(function (seat) { return winners.indexOf(String(seat)) < 0; });
    if (rest.length === 1) return String(rest[0]);
  }
  return null;
}

// One row's values as a comparable string ("" for a blank row), the same for what this device
// typed and what the server shows of the stored game: only the fields that the way of entry
// uses count (entry.py reads a row as calculator, direct points, revoke or quick entry, in this
// order), in one spelling ("1+4" = "41"; "−3" = "-3"; "normal" = no kind), and a soloist that
// the winners imply counts as not given. ``context.loose`` leaves the soloist out altogether;
// ``context.active`` lists the row's active seats, ``context.soloKinds`` the kinds with a
// soloist, ``context.defaultKind`` the kind that counts as none (the house rules: "normal").
export function canon(values, context) {
  if (!values) return "";
  context = context || {};
  const out = {};
  Object.keys(values).forEach(function (key) {
    let value = String(values[key] === null || values[key] === undefined ? "" : values[key]).trim();
    if (key === "winners") value = digits(value);
    else if (key === "value" || /^p\d$/.test(key)) {
      value = value.replace("\u2212", "-").replace(/^\+/, "").replace(/^(-?)0+(?=\d)/, "$1");
      // An empty points field counts as 0 (the server shows the 0 it stored).
      if (/^p\d$/.test(key) && (value === "0" || value === "-0")) value = "";
    } else if (key === "record" && value) {
      try { value = stableJson(JSON.parse(value)); } catch (error) { /* as typed */ }
    }
    if (value) out[key] = value;
  });
  const plain = context.defaultKind || "normal";
  if (out.kind === plain) delete out.kind;
  const direct = Object.keys(out).some(function (key) { return /^p\d$/.test(key); });
  // The ruleset's own inputs: ``context.lines`` make a line of their own (DDV's penalty line).
  // ``context.counted`` count in a quick entry (DDV's Klärungsstich). The others (DDV's
  // Pflicht/Lust/Vorführung) never count: the ruleset fills in the only one possible, so a row
  // typed without it is the row stored with it.
  const lines = context.lines || [];
  const line = lines.some(function (key) { return out[key]; });
  let keep;
  if (out.record) keep = ["record", "kind", "winners", "value"];
  else if (direct) keep = Object.keys(out).filter(function (key) { return /^p\d$/.test(key); });
  else if (line) keep = ["kind", "soloist"].concat(lines);
  else if (out.offender) keep = ["kind", "offender", "soloist"];
  else keep = ["kind", "winners", "value", "soloist"].concat(context.counted || []);
  Object.keys(out).forEach(function (key) { if (keep.indexOf(key) < 0) delete out[key]; });
  if (out.soloist) {
    const solo = !context.soloKinds || context.soloKinds.indexOf(out.kind || plain) >= 0;
    if (context.loose || !solo || (!out.offender && !line && impliedSoloist(out.winners || "", context.active) === out.soloist)) {
      delete out.soloist;
    }
  }
  const keys = Object.keys(out).sort();
  if (!keys.length || (keys.length === 1 && keys[0] === "kind")) return "";
  return keys.map(function (key) { return key + "=" + out[key]; }).join("&");
}
