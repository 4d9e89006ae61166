/** The nearest ancestor of `element` that scrolls vertically, or null (reads computed styles). */
export function scrollingParent(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/**
 * Scrolls the nearest scrolling ancestor so `element` starts at its top (less `margin` px), and
 * nothing else: `scrollIntoView` would also move clipped ancestors of the page layout. It
 * measures both (a forced layout): for a reader's click, not for every step.
 */
export function scrollToTop(element: HTMLElement, margin = 0): void {
  const parent = scrollingParent(element);
  if (!parent) return;
  const offset = element.getBoundingClientRect().top - parent.getBoundingClientRect().top;
  parent.scrollTop += offset - margin;
}
