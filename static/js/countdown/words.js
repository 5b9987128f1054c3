// The count-down form's words (pure): a refusal in the captain's words naming the deal and
// the field ("Spiel 5: Stiche Platz 3: Die Stiche ergeben 5, nicht 6."), from the message
// templates the server embeds (rules/countdown/messages.py, so phone and server say the same),
// the page's texts with %s / %1 / %2, and a deal in words for the conflict panel.

export function fill(text, values) {
  let result = String(text || "");
  (values || []).forEach(function (value, index) {
    result = result.split("%" + (index + 1)).join(String(value));
  });
  return values && values.length ? result.replace("%s", String(values[0])) : result;
}

// A message template of the catalogue with its {params}.
export function message(config, refusal) {
  const template = (config.messages || {})[refusal.code] || refusal.code;
  return template.replace(/\{(\w+)\}/g, function (all, key) {
    return Object.prototype.hasOwnProperty.call(refusal.params, key) ? String(refusal.params[key]) : all;
  });
}

// A message beside a seat's own controls: the player's name where the catalogue says "Platz 3"
// ("Anna bestimmt Trumpf und darf nicht aussteigen."), one name for one person on the form.
export function namedMessage(config, refusal) {
  const seat = refusal.params ? refusal.params.seat : undefined;
  if (seat === undefined) return message(config, refusal);
  const template = (config.messages || {})[refusal.code] || refusal.code;
  const named = template.replace(/\b(Platz|[Ss]eat) \{seat\}/g, "\u0000");
  const text = message(Object.assign({}, config, { messages: { [refusal.code]: named } }), refusal);
  const name = seatName(config, seat);
  // A sentence that starts with the name keeps it as written; "seat 2" inside a sentence too.
  return text.split("\u0000").join(name);
}

// The field as the form names it: "tricks.3" → "Stiche Platz 3", "out[0]" → "aus".
export function fieldWords(config, field) {
  if (!field) return "";
  const head = field.split(/[.[]/)[0];
  const names = config.names || {};
  if (!Object.prototype.hasOwnProperty.call(names, head)) return field.slice(0, 40);
  const seat = /^tricks\.([1-9])$/.exec(field);
  return seat ? names[head] + " " + fill(config.texts.seat, [seat[1]]) : names[head];
}

// "Spiel 5: Stiche Platz 3: Die Stiche ergeben 5, nicht 6."
export function refusalText(config, gameLabel, number, refusal) {
  const words = fieldWords(config, refusal.field);
  return gameLabel.replace("%s", number) + " " + (words ? words + ": " : "") + message(config, refusal);
}

// A score as the sheet prints it: "−2" with a real minus sign.
export function num(value) {
  return value < 0 ? "\u2212" + (-value) : String(value);
}

// A change: "+6", "−24", "±0".
export function signed(value) {
  return (value > 0 ? "+" : value < 0 ? "\u2212" : "\u00b1") + Math.abs(value);
}

export function colourLabel(config, colour) {
  const found = (config.colours || []).filter(function (pair) { return pair[0] === colour; })[0];
  return found ? found[1] : String(colour);
}

export function seatName(config, seat) {
  const found = (config.seats || []).filter(function (item) { return item.number === seat; })[0];
  return found ? found.name : String(seat);
}

// A row's record in words: "Geber Stefan · Rot · Stiche 3-2-0-1 · aus: Sabine".
export function describeDeal(values, config) {
  let record = null;
  try { record = JSON.parse(values.record || "null"); } catch (error) { record = null; }
  if (!record || typeof record !== "object") return String(values.record || "");
  const parts = [];
  if (record.dealer) parts.push(config.texts.dealer + " " + seatName(config, record.dealer));
  if (record.trump) parts.push(colourLabel(config, record.trump) + (record.blind ? " blind" : ""));
  if (record.tricks && typeof record.tricks === "object") {
    parts.push(config.names.tricks + " " + Object.keys(record.tricks).sort().map(function (seat) { return record.tricks[seat]; }).join("-"));
  }
  if (Array.isArray(record.out) && record.out.length) {
    parts.push(config.names.out + ": " + record.out.map(function (seat) { return seatName(config, seat); }).join(", "));
  }
  return parts.join(" \u00b7 ");
}
