// Split one slide's list (its ".item"s) into screen-sized pages of the board: greedy first,
// then spread evenly over as many pages when every such page still fits (no page with a single
// name left over). The slide must be shown while this measures.

export function paginate(board, items) {
  const box = board.getBoundingClientRect();
  // An item overflows below the board (a table's rows) or to its right (a seating list in CSS
  // columns, whose overflow flows into a further column).
  const overflows = (item) => {
    const rect = item.getBoundingClientRect();
    return rect.bottom > box.bottom + 1 || rect.right > box.right + 1;
  };
  const hideAll = () => items.forEach((item) => item.classList.add("hidden"));
  let pages = [];
  let current = [];
  hideAll();
  items.forEach((item) => {
    item.classList.remove("hidden");
    if (current.length && overflows(item)) {
      current.forEach((other) => other.classList.add("hidden"));
      pages.push(current);
      current = [];
      item.classList.remove("hidden");
    }
    current.push(item);
  });
  if (current.length) pages.push(current);
  if (!pages.length) pages = [[]];
  if (pages.length > 1) {
    const count = pages.length;
    const small = Math.floor(items.length / count);
    const larger = items.length % count; // the first `larger` pages get one item more
    const even = [];
    let start = 0;
    for (let p = 0; p < count; p += 1) {
      const size = small + (p < larger ? 1 : 0);
      even.push(items.slice(start, start + size));
      start += size;
    }
    const fits = even.every((page) => {
      hideAll();
      page.forEach((item) => item.classList.remove("hidden"));
      return !page.some(overflows);
    });
    if (fits) pages = even;
  }
  items.forEach((item) => item.classList.remove("hidden"));
  return pages;
}
