// Pure helpers of the score sheet's autosave (no DOM, no network): how a row's fields compare
// with the stored row, and what the page does with an error answer of the server. Loaded before
// sheet.js as window.DokoSheetSync; `node --test tests/js/` runs its tests.
(function (root) {
  "use strict";

  function stableJson(value) {
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
  function impliedSoloist(winners, active) {
    if (winners.length === 1) return winners;
    if (winners.length === 3 && active) {
      var rest = active.filter(function (seat) { return winners.indexOf(String(seat)) < 0; });
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
  // soloist.
  function canon(values, context) {
    if (!values) return "";
    context = context || {};
    var out = {};
    Object.keys(values).forEach(function (key) {
      var value = String(values[key] === null || values[key] === undefined ? "" : values[key]).trim();
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
    if (out.kind === "normal") delete out.kind;
    var direct = Object.keys(out).some(function (key) { return /^p\d$/.test(key); });
    var keep;
    if (out.record) keep = ["record", "kind", "winners", "value"];
    else if (direct) keep = Object.keys(out).filter(function (key) { return /^p\d$/.test(key); });
    else if (out.offender) keep = ["kind", "offender", "soloist"];
    else keep = ["kind", "winners", "value", "soloist"];
    Object.keys(out).forEach(function (key) { if (keep.indexOf(key) < 0) delete out[key]; });
    if (out.soloist) {
      var solo = !context.soloKinds || context.soloKinds.indexOf(out.kind || "normal") >= 0;
      if (context.loose || !solo || (!out.offender && impliedSoloist(out.winners || "", context.active) === out.soloist)) {
        delete out.soloist;
      }
    }
    var keys = Object.keys(out).sort();
    if (!keys.length || (keys.length === 1 && keys[0] === "kind")) return "";
    return keys.map(function (key) { return key + "=" + out[key]; }).join("&");
  }

  // What the page does with an answer of the autosave that is neither saved nor a conflict:
  // ``text`` names the message (sheet_texts), ``retry`` whether to send again by itself (after
  // ``Retry-After`` seconds when given), ``stop`` whether sending is pointless until the captain
  // acts (a new link, a reload). Only a request that got no answer at all is "offline".
  function errorAdvice(status, retryAfter) {
    var seconds = parseInt(retryAfter, 10);
    var delay = isNaN(seconds) ? null : Math.min(Math.max(seconds, 1), 600) * 1000;
    if (status === 404 || status === 410) return { text: "error_gone", retry: false, stop: true, delay: null };
    if (status === 403 || status === 401) return { text: "error_forbidden", retry: false, stop: true, delay: null };
    if (status === 429) return { text: "error_too_many", retry: true, stop: false, delay: delay || 60000 };
    if (status === 502 || status === 503 || status === 504) {
      return { text: "error_busy", retry: true, stop: false, delay: delay || 5000 };
    }
    if (status >= 500) return { text: "error_server", retry: true, stop: false, delay: delay || 15000 };
    return { text: "error_refused", retry: false, stop: true, delay: null };
  }

  var api = { canon: canon, stableJson: stableJson, impliedSoloist: impliedSoloist, errorAdvice: errorAdvice };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.DokoSheetSync = api;
})(this);
