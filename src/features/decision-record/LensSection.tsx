import type { LensMark } from '../../projections/lens';
import { Section } from './Section';

/**
 * What the guards lens says of this step: each "would have …" line, apart from the step's own
 * policy (what really happened). Only while the lens shows and marked the step.
 */
export function LensSection({ marks }: { readonly marks: readonly LensMark[] | null }) {
  if (!marks || marks.length === 0) return null;
  return (
    <Section title="Would have" note="the guards lens, under the settings shown; not what happened">
      <ul className="space-y-1 rounded-md border border-dashed border-indigo-500 px-2.5 py-1.5 text-sm text-indigo-950 dark:border-indigo-300 dark:text-indigo-100">
        {marks.map((mark) => (
          <li key={`${mark.kind}-${mark.transition}`}>{mark.text}</li>
        ))}
      </ul>
    </Section>
  );
}
