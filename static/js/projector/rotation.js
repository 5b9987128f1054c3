// The projector's rotation, pure (node --test tests/js/): which slide and page come next.
// A slide is { kind, pages } (pages: how many screens its list needs, at least 1); the show
// walks every page of every slide in order and starts again at the first.

// The steps of one round of the show: [{ slide: index, kind, page }] in order.
export function planSteps(slides) {
  const steps = [];
  slides.forEach((slide, index) => {
    const pages = Math.max(1, Math.floor(slide.pages) || 1);
    for (let page = 0; page < pages; page += 1) steps.push({ slide: index, kind: slide.kind, page });
  });
  return steps;
}

// The step after `index` (back to the first after the last; 0 for an empty or odd index).
export function nextStep(steps, index) {
  if (!steps.length || !(index >= 0) || index + 1 >= steps.length) return 0;
  return index + 1;
}

// After fresh slides came in: go on where the show was. The same kind again (its first page)
// if it is still there, else the next kind of the old order that is still there, else 0.
// So switching the standings off moves on from them at once, and new data never restarts the
// show at its first slide.
export function resumeAt(oldSteps, index, newSteps) {
  if (!newSteps.length) return 0;
  const current = oldSteps[index];
  if (!current) return 0;
  const kinds = [];
  oldSteps.forEach((step) => { if (!kinds.includes(step.kind)) kinds.push(step.kind); });
  const from = kinds.indexOf(current.kind);
  const order = kinds.slice(from).concat(kinds.slice(0, from));
  for (const kind of order) {
    const found = newSteps.findIndex((step) => step.kind === kind);
    if (found >= 0) return found;
  }
  return 0;
}
