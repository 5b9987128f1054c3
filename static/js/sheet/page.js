// Small helpers of the sheet page that touch the document: the JSON the server embeds in the
// page, the translated texts (sheet_texts), new elements, and signed numbers as the sheet shows them.

export function readJson(id) {
  const node = document.getElementById(id);
  if (!node) return null;
  try { return JSON.parse(node.textContent); } catch (error) { return null; }
}

// The page's texts by key; "%s" takes one value. A missing key shows as itself.
export function makeTexts(texts) {
  return function t(key, value) {
    const message = texts[key] || key;
    return value === undefined ? message : message.replace("%s", value);
  };
}

export function element(tag, className, content) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

export function signed(value) {
  if (value > 0) return "+" + value;
  if (value < 0) return "\u2212" + (-value);
  return "0";
}

export function setText(node, value) {
  node.textContent = value;
}
