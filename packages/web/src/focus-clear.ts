/**
 * A field that takes the focus scrolls clear of the bars that stay over the page: the top bar, the
 * editor's sticky Save bar and the timers' bar at the bottom. The browser scrolls only a field that
 * is out of view altogether (a tall step text half under the Save bar stays there, and `scroll-margin`
 * does not help); and a bar that grows as the member types ("Unsaved changes are kept") covers the
 * field it did not cover before. So: when the focus moves, and again after each key typed.
 */

/** The bars that stay over the page at its foot; `.sticky-save` only for what comes before it. */
const BOTTOM_BARS = '.sticky-save, .timers';
const GAP = 8;

function clearOfBars(field: Element): void {
  if (field === document.body || field.id === 'main' || field.closest(BOTTOM_BARS)) return;
  const box = field.getBoundingClientRect();
  if (box.height === 0) return;
  let bottom = window.innerHeight;
  for (const bar of document.querySelectorAll(BOTTOM_BARS)) {
    // A Save bar sticks over what comes before it in its form, never over what follows it.
    if (bar.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_FOLLOWING) continue;
    bottom = Math.min(bottom, bar.getBoundingClientRect().top);
  }
  const top = document.querySelector('header.top')?.getBoundingClientRect().bottom ?? 0;
  // Its end above the bars, as far as that keeps its start below the top bar (a field taller than the
  // room shows its start, where a member begins reading).
  const by = Math.min(box.bottom + GAP - bottom, box.top - GAP - top);
  if (by > 0) window.scrollBy(0, by);
}

function afterRender(then: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(then));
}

export function keepFocusClearOfBars(root: HTMLElement): void {
  root.addEventListener('focusin', (event) => {
    const field = event.target as Element;
    clearOfBars(field);
    // The browser's own scroll into view comes first; then whatever it left under a bar.
    afterRender(() => {
      if (document.activeElement === field) clearOfBars(field);
    });
  });
  root.addEventListener('input', () => {
    afterRender(() => {
      if (document.activeElement && root.contains(document.activeElement))
        clearOfBars(document.activeElement);
    });
  });
}
