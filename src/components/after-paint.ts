/**
 * A task run once the page has drawn what it shows now: a timer set from the next frame's
 * callback runs after that frame is painted. Work that may wait (writing an opened 100,000-step
 * run to the library, the eval results' later pieces) goes here so it does not hold the paint.
 * Returns the way to call it off (before it has run).
 */
export function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  if (typeof requestAnimationFrame !== 'function') timer = setTimeout(task, 0);
  else
    frame = requestAnimationFrame(() => {
      frame = undefined;
      timer = setTimeout(task, 0);
    });
  return () => {
    if (frame !== undefined && typeof cancelAnimationFrame === 'function')
      cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
