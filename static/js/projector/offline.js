// The projector's connection mark, pure (node --test tests/js/): since when the last polls
// failed, and the small text shown meanwhile ("offline seit 21:14"). The slides stay as they
// were (the last good data) until a poll succeeds again.

// The state after one poll: `ok` true (200 or 304) clears the mark, false keeps the first
// failure's time.
export function afterPoll(state, ok, now) {
  if (ok) return { since: null };
  return { since: state && state.since ? state.since : now };
}

function twoDigits(number) {
  return String(number).padStart(2, "0");
}

// "offline seit 21:14" for a Date, "" while online.
export function offlineText(label, since) {
  if (!since) return "";
  return `${label} ${twoDigits(since.getHours())}:${twoDigits(since.getMinutes())}`;
}
