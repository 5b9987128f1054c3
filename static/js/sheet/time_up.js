// "Zeit abgelaufen nach Spiel n" (DDV): the control's n follows the games entered so far (the
// server's preview says how many of the rows are games: a penalty line is none), until the
// captain types a number there. Shown or hidden by the round's clock (static/js/clock.js).

export function createTimeUp(doc) {
  const input = doc.getElementById("time-up-after");
  let typed = false;
  if (input) input.addEventListener("input", function () { typed = true; });

  // ``data``: the preview's answer (``played``: the games among the rows).
  function update(data) {
    if (!input || typed || !data || typeof data.played !== "number") return;
    input.value = String(data.played);
  }

  return { update: update };
}
