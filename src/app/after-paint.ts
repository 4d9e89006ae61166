/**
 * A task run once the page has drawn what it shows now: a timer set from the next frame's
 * callback runs after that frame is painted. Work that may wait (writing an opened 100,000-step
 * run to the library) goes here so it does not hold the first paint.
 */
export function afterPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(task, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}
