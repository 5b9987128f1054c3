// The director's live board, the pure parts (no DOM): what one table's card shows, and asking
// the server for news with the last ETag (a 304 while nothing changed). Tested with
// node --test tests/js/.

// The parts of one table's card, from one entry of the JSON's "tables" (the server says every
// text; nothing here is worded). Mirrors templates/scoring/includes/board_table.html.
export function cardParts(table) {
  const classes = ["board-table", "state-" + table.state];
  if (table.stuck) classes.push("stuck");
  return {
    className: classes.join(" "),
    number: String(table.number),
    href: table.url,
    title: table.title,
    badgeClass: "badge " + table.state,
    stateLabel: table.state_label,
    captain: table.captain || "",
    games: table.games,
    length: table.length,
    progress: table.progress,
    last: table.last_entry_text,
    quiet: table.quiet || "",
    extra: table.extra || "",
  };
}

// The lines of the summary above the cards; an empty line is hidden.
export function summaryParts(summary) {
  return {
    counts: summary.counts,
    left: summary.left,
    unconfirmed: summary.unconfirmed || "",
    earlier: summary.earlier || "",
  };
}

// Seconds to wait before the next question: the board's own interval, doubled after each
// failure in a row (a dropped Wi-Fi), at most two minutes.
export function nextDelay(seconds, failures) {
  const base = Math.max(2, seconds || 10);
  return Math.min(120, base * Math.pow(2, Math.min(failures, 6)));
}

// One question to the server. ``fetchFn`` is window.fetch (or a stand-in in tests); the
// answer is {status: "new", data, etag} | {status: "same", etag} | {status: "gone"} |
// {status: "failed"}.
export async function ask(fetchFn, url, etag) {
  let response;
  try {
    response = await fetchFn(url, {
      headers: etag ? { "If-None-Match": etag, Accept: "application/json" } : { Accept: "application/json" },
      cache: "no-store",
      credentials: "same-origin",
    });
  } catch (error) {
    return { status: "failed" };
  }
  if (response.status === 304) return { status: "same", etag };
  // Logged out, the round taken back, access withdrawn: the page itself says what happened.
  if (response.status === 404 || response.status === 403 || response.redirected) {
    return { status: "gone" };
  }
  if (response.status !== 200) return { status: "failed" };
  try {
    const data = await response.json();
    return { status: "new", data, etag: response.headers.get("ETag") || "" };
  } catch (error) {
    return { status: "failed" };
  }
}
