/**
 * What the page says when it opens after a tab was closed or reloaded mid-run: the library kept
 * those runs, marked interrupted, with the steps they recorded (`LibraryState.interrupted`).
 */
import type { Notice } from './file-opening';

/** Pure: the notice for `count` runs found interrupted, or null when there were none. */
export function interruptedNotice(count: number): Notice | null {
  if (count <= 0) return null;
  const text =
    count === 1
      ? 'A run was still going when this tab was closed or reloaded. It is kept in the Library as Interrupted, with the steps it recorded: open it there, or press Run to run it again.'
      : `${count} runs were still going when this tab was closed or reloaded. They are kept in the Library as Interrupted, with the steps they recorded: open them there, or press Run to run again.`;
  return { tone: 'problem', text };
}
