/**
 * Long untrusted text (a model's reply, a message body, a tool's or a scenario's name) shown by its
 * start. A 100,000-character unbroken word laid out in full froze the page for seconds (issue 15);
 * clipped, the layout costs what the start costs until the reader asks for more. Blocks use
 * `Clipped` (a "Show all" button); one-line labels, options and tooltips use `ClippedLine` or
 * `clipLine` (the whole text is in the decision record).
 */
import { useState, type ReactNode } from 'react';
import { FOCUS_RING } from './focus-ring';

/** Text up to this long shows in full: several screens of a record, far more than a step needs. */
export const CLIP_CHARS = 4000;

/** Pure: the text cut to `limit` characters (never inside a surrogate pair), and what was cut. */
export function clipText(text: string, limit = CLIP_CHARS): { shown: string; hidden: number } {
  if (text.length <= limit) return { shown: text, hidden: 0 };
  const code = text.charCodeAt(limit - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
  return { shown: `${text.slice(0, end)}…`, hidden: text.length - end };
}

/**
 * A label, an option or a tooltip shows at most this many characters: wider than any cell, heading
 * or menu shows, short enough that laying it out costs nothing.
 */
export const LINE_CHARS = 300;

/** Pure: one line of untrusted text (a label, an `<option>`, a `title`) cut to `limit` characters. */
export function clipLine(text: string, limit = LINE_CHARS): string {
  return clipText(text, limit).shown;
}

/**
 * One line of untrusted text: cut to `limit` characters, ellipsed by CSS where it is wider than
 * its box, its layout contained; the tooltip holds the same cut.
 */
export function ClippedLine({
  text,
  limit = LINE_CHARS,
  className = '',
}: {
  readonly text: string;
  readonly limit?: number;
  readonly className?: string;
}) {
  const shown = clipLine(text, limit);
  return (
    <span
      title={shown}
      className={`block max-w-full min-w-0 truncate [contain:layout] ${className}`}
    >
      {shown}
    </span>
  );
}

/**
 * Renders `children(shown)`: the clipped text, then a "Show all" button while text is cut. */
export function Clipped({
  text,
  limit = CLIP_CHARS,
  children,
}: {
  readonly text: string;
  readonly limit?: number;
  readonly children: (shown: string) => ReactNode;
}) {
  const [all, setAll] = useState(false);
  const { shown, hidden } = all ? { shown: text, hidden: 0 } : clipText(text, limit);
  return (
    <>
      {children(shown)}
      {hidden > 0 && (
        <button
          type="button"
          onClick={() => setAll(true)}
          className={`mt-1 rounded text-xs text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
        >
          {`Show all (${hidden.toLocaleString('en-US')} more characters)`}
        </button>
      )}
    </>
  );
}
