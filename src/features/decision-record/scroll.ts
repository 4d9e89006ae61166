/**
 * Scrolls the nearest scrolling ancestor so `element` starts at its top (less `margin` px), and
 * nothing else: `scrollIntoView` would also move clipped ancestors of the page layout.
 */
export function scrollToTop(element: HTMLElement, margin = 0): void {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') {
      const offset = element.getBoundingClientRect().top - parent.getBoundingClientRect().top;
      parent.scrollTop += offset - margin;
      return;
    }
  }
}
