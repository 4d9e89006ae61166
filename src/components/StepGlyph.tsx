/**
 * The glyph of a kind of step, a second cue besides colour (for colour-blind eyes and print):
 * one set of shapes, so the timeline, the compare strip and their legends draw the same marks.
 */
import type { ReactNode } from 'react';

export type StepGlyphName =
  'action' | 'empty' | 'denied' | 'reflection' | 'answer' | 'escalation' | 'reprompt' | 'attempt';

const STROKE = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.75,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const GLYPHS: Readonly<Record<StepGlyphName, ReactNode>> = {
  action: <path {...STROKE} d="M3 8h9M8.5 4.5 12 8l-3.5 3.5" />,
  empty: <circle {...STROKE} cx="8" cy="8" r="4.25" />,
  denied: <path {...STROKE} strokeWidth={2} d="M4.5 4.5l7 7M11.5 4.5l-7 7" />,
  reflection: (
    <path
      fill="currentColor"
      d="M8 2.25 9.55 6.45 13.75 8 9.55 9.55 8 13.75 6.45 9.55 2.25 8 6.45 6.45Z"
    />
  ),
  answer: <path {...STROKE} strokeWidth={2} d="M3.5 8.5 6.5 11.5 12.5 4.5" />,
  escalation: (
    <>
      <path {...STROKE} strokeWidth={2} d="M8 3.5v5.25" />
      <circle fill="currentColor" cx="8" cy="12" r="1.2" />
    </>
  ),
  reprompt: <path {...STROKE} d="M12.5 8a4.5 4.5 0 1 1-1.35-3.2M12.5 3v2.5H10" />,
  attempt: <path {...STROKE} d="M4.5 13.5v-11M4.5 3h7l-1.75 2.75L11.5 8.5h-7" />,
};

/** A 16×16 glyph in `currentColor`, decorative (the caller names the control or cell). */
export function StepGlyph({
  glyph,
  className = 'h-3.5 w-3.5',
}: {
  readonly glyph: StepGlyphName;
  readonly className?: string;
}) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={`shrink-0 ${className}`}>
      {GLYPHS[glyph]}
    </svg>
  );
}
