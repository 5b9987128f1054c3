// The points on the sheet: the server scores (one home for the rules: scoring/rules), this
// module asks it for a preview of what is typed and paints the answer into the rows and totals;
// without the server, rows typed since the last answer are marked as waiting for their points.

import { headChanges } from "./heads.js";
import { dealRows } from "./deal.js";
import { element, setText, signed } from "./page.js";
import { readAnswer } from "./answers.js";
import { describe } from "./conflict_panel.js";

// ``hooks``: serverError(answer) and offline() of the autosave, updated(data) after painting a
// preview, answered(data) (optional) after painting any answer of the server.
export function createScores(rows, canon, t, hooks) {
  const form = rows.form;
  const previewUrl = form.getAttribute("data-preview-url");
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;
  const status = document.getElementById("sheet-status");
  let scored = rows.readAll();  // the rows as they were when the points shown were computed
  let expectedGames = rows.list.length;
  let timer = null;
  let inflight = null;

  function schedulePreview() {
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(preview, 250);
  }

  function preview() {
    timer = null;
    if (inflight) inflight.abort();
    inflight = new AbortController();
    const sent = rows.readAll();
    fetch(previewUrl, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-CSRFToken": csrf },
      credentials: "same-origin",
      signal: inflight.signal
    })
      .then(readAnswer)
      .then(function (answer) {
        if (answer.code !== 200) {
          hooks.serverError(answer);
          markUnscored();
        } else if (answer.data.rows) {
          render(answer.data, sent);
          hooks.updated(answer.data);
        }
      }, function (error) {
        if (error.name === "AbortError") return;
        hooks.offline();
        markUnscored();
      });
  }

  // The ruleset's rule of the deal (data-deal-rule), or null: then the dealers shown stay.
  let dealRule = null;
  try { dealRule = JSON.parse(form.getAttribute("data-deal-rule") || "null"); } catch (error) { dealRule = null; }

  // Without the server, each row's dealer as the server derives it from the rows typed.
  function dealOffline() {
    if (!dealRule) return;
    rows.applyHeads(headChanges(rows.heads(), dealRows(dealRule, rows.inOrder(), rows.tableSize)));
  }

  // Rows typed since the last answer show what was typed (winners, value, kind) and that their
  // points, and every total after them, come once the connection is back.
  function markUnscored() {
    dealOffline();
    const current = rows.readAll();
    let firstStale = null;
    rows.list.forEach(function (row) {
      const number = row.getAttribute("data-game");
      if (canon(current[number], false, number) === canon(scored[number], false, number)) {
        if (firstStale !== null) {
          row.querySelectorAll("td.points-cell .total").forEach(function (total) { total.textContent = "\u2026"; });
        }
        return;
      }
      if (firstStale === null) firstStale = Number(number);
      const parts = rows.parts(number);
      parts.main.classList.remove("has-problem", "has-warning");
      parts.main.querySelectorAll("td.points-cell").forEach(function (cell) {
        cell.textContent = "";
        if (current[number]) cell.appendChild(element("span", "points muted", "\u2026"));
      });
      const info = parts.info.querySelector(".info-cell");
      info.textContent = "";
      if (current[number]) {
        info.appendChild(element("span", "row-unscored", describe(current[number], canon, t) + " \u2013 " + t("offline_pending_points")));
      }
      parts.info.classList.toggle("hidden-info", !current[number]);
    });
    form.classList.toggle("totals-pending", firstStale !== null);
    if (firstStale === null) return;
    if (status) {
      setText(status, form.getAttribute("data-count-text").replace("%1", Object.keys(current).length).replace("%2", expectedGames));
    }
    form.querySelectorAll("td.total-cell strong, .bar-total strong").forEach(function (strong) { strong.textContent = "\u2026"; });
    const zero = form.querySelector(".zero-check");
    if (zero) setText(zero, "(" + t("offline_pending_points") + ")");
    const barZero = form.querySelector(".bar-zero");
    if (barZero) {
      setText(barZero, t("offline_pending_points"));
      barZero.classList.remove("bad");
    }
  }

  // Each input the server refused is marked; one under "more" opens the row's extras.
  function markProblems(row, parts, problems) {
    rows.fields.forEach(function (name) {
      const input = rows.field(row.number, name);
      if (input && input.type !== "hidden" && !/^p\d$/.test(name)) input.classList.toggle("invalid", !!problems[name]);
    });
    parts.extra.querySelectorAll(".direct-input").forEach(function (input) {
      input.classList.toggle("invalid", !!problems.points);
    });
    const underMore = Object.keys(problems).some(function (key) {
      const input = rows.field(row.number, key);
      return key === "points" || key === "record" || (input && parts.extra.contains(input));
    });
    if (underMore) parts.extra.classList.add("open");
  }

  function paintPoints(row, parts) {
    parts.main.querySelectorAll("td.points-cell").forEach(function (cell) {
      const seat = cell.getAttribute("data-seat");
      cell.textContent = "";
      if (!row.filled) return;
      const points = element("span", "points");
      if (row.counted) {
        const value = row.points[seat];
        points.textContent = signed(value);
        if (value > 0) points.classList.add("pos");
        if (value < 0) points.classList.add("neg");
        cell.appendChild(points);
        cell.appendChild(element("span", "total", String(row.totals[seat])));
      } else {
        points.classList.add("muted");
        points.textContent = "\u2013";
        cell.appendChild(points);
      }
    });
  }

  function paintInfo(row, parts, problems) {
    const info = parts.info.querySelector(".info-cell");
    info.textContent = "";
    const messages = [];
    Object.keys(problems).forEach(function (key) {
      problems[key].forEach(function (message) { messages.push(message); });
    });
    if (messages.length) {
      const list = element("ul", "row-problems");
      list.setAttribute("role", "alert");
      messages.forEach(function (message) {
        // By the paper's number; a row that is no game by its label, said once.
        const head = row.game === null ? row.label + ":" : form.getAttribute("data-game-label").replace("%s", row.game);
        list.appendChild(element("li", "", message.indexOf(head) === 0 ? message : head + " " + message));
      });
      info.appendChild(list);
    }
    if (row.note) info.appendChild(element("span", "row-note", row.note));
    if (row.warnings.length) info.appendChild(element("span", "row-warning", "\u26a0 " + row.warnings.join("; ")));
    if (row.breakdown) info.appendChild(element("span", "row-breakdown", row.breakdown));
    parts.info.classList.toggle("hidden-info", !messages.length && !row.warnings.length && !row.breakdown && !row.note);
  }

  function paintTotals(data) {
    form.querySelectorAll("td.total-cell").forEach(function (cell) {
      cell.textContent = "";
      cell.appendChild(element("strong", "", String(data.totals[cell.getAttribute("data-seat")])));
    });
    form.querySelectorAll(".bar-total").forEach(function (cell) {
      const strong = cell.querySelector("strong");
      setText(strong, signed(data.totals[cell.getAttribute("data-seat")] || 0).replace("\u2212", "-"));
    });
    const sum = Object.keys(data.totals).reduce(function (acc, seat) { return acc + data.totals[seat]; }, 0);
    const zero = form.querySelector(".zero-check");
    if (zero) setText(zero, form.getAttribute("data-zero-text").replace("%1", data.filled).replace("%2", sum));
    const barZero = form.querySelector(".bar-zero");
    if (barZero) {
      setText(barZero, (sum === 0 ? "\u2713 " : "\u26a0 ") + t("sum", sum));
      barZero.classList.toggle("bad", sum !== 0);
    }
    if (status) {
      setText(status, form.getAttribute("data-count-text").replace("%1", data.filled).replace("%2", data.expected));
    }
  }

  // The server's scoring of ``sent`` (the rows as they were sent): rows, problems, totals.
  function render(data, sent) {
    scored = sent;
    expectedGames = data.expected;
    form.classList.remove("totals-pending");
    // The sheet grows by a row for each that is no game (DDV's penalty line).
    if (data.rows.length) rows.ensure(data.rows[data.rows.length - 1].number);
    data.rows.forEach(function (row) {
      const parts = rows.parts(row.number);
      if (!parts.main) return;
      const problems = row.problems || {};
      parts.main.classList.toggle("has-problem", Object.keys(problems).length > 0);
      parts.main.classList.toggle("has-warning", row.warnings.length > 0);
      parts.main.classList.toggle("empty", !row.filled);
      parts.main.setAttribute("data-mode", row.mode);
      paintKind(parts.main, row);
      markProblems(row, parts, problems);
      paintPoints(row, parts);
      paintInfo(row, parts, problems);
    });
    rows.renumber();
    rows.applyHeads(headChanges(rows.heads(), data.rows));
    paintTotals(data);
    paintStatus(data.status || []);
    if (hooks.answered) hooks.answered(data);
  }

  // A row that is no game (DDV's penalty line) says so beside its number ("Strafe").
  function paintKind(main, row) {
    if (!row.kind) return;
    main.setAttribute("data-row-kind", row.kind);
    const badge = main.querySelector(".badge.row-kind");
    if (!badge) return;
    badge.textContent = row.kind === "penalty" ? row.label || "" : "";
    badge.classList.toggle("hidden", row.kind !== "penalty");
  }

  // The ruleset's lines about the sheet so far (next game, dealer, Pflichtsolo owed).
  function paintStatus(lines) {
    const list = document.getElementById("sheet-rules-status");
    if (!list) return;
    const items = lines.map(function (line) {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    });
    list.replaceChildren.apply(list, items);
  }

  return { schedulePreview: schedulePreview, render: render };
}
