import { memo, useId } from 'react';
import type { EvalVerdict } from '../../projections/eval-matrix';
import { FOCUS_RING } from '../../components';
import { HEADING } from './styles';

/** Sentences shown before "n more comparisons" folds the rest away. */
const SHOWN = 4;

const MARK: Record<EvalVerdict['kind'], { sign: string; tone: string; word: string }> = {
  accuracy: {
    sign: '◆',
    tone: 'text-emerald-600 dark:text-emerald-400',
    word: 'Accuracy',
  },
  cost: { sign: '●', tone: 'text-sky-600 dark:text-sky-400', word: 'Cost' },
  summary: { sign: '■', tone: 'text-slate-500 dark:text-slate-400', word: 'Summary' },
};

function Line({ verdict }: { readonly verdict: EvalVerdict }) {
  const mark = MARK[verdict.kind];
  const colon = verdict.text.indexOf(': ');
  return (
    <li className="flex items-baseline gap-2 text-[13px] leading-relaxed">
      <span aria-hidden="true" className={`shrink-0 text-[9px] ${mark.tone}`}>
        {mark.sign}
      </span>
      <span className="sr-only">{mark.word}: </span>
      <span>
        <span className="font-mono text-[12px] font-semibold">{verdict.text.slice(0, colon)}</span>
        {verdict.text.slice(colon)}
      </span>
    </li>
  );
}

/** One line per comparison, accuracy gaps first; the least telling fold away. */
export const Verdicts = memo(function Verdicts({
  verdicts,
}: {
  readonly verdicts: readonly EvalVerdict[];
}) {
  const headingId = useId();
  if (verdicts.length === 0) return null;
  const shown = verdicts.slice(0, SHOWN);
  const folded = verdicts.slice(SHOWN);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-slate-50/70 px-3 py-2.5 dark:border-slate-800 dark:bg-slate-900/50"
    >
      <h3 id={headingId} className={HEADING}>
        Verdicts
      </h3>
      <ul className="mt-1">
        {shown.map((verdict) => (
          <Line key={verdict.text} verdict={verdict} />
        ))}
      </ul>
      {folded.length > 0 && (
        <details className="mt-0.5">
          <summary
            className={`cursor-pointer rounded text-[12px] text-sky-700 select-none hover:underline dark:text-sky-300 ${FOCUS_RING}`}
          >
            {folded.length} more comparison{folded.length === 1 ? '' : 's'}
          </summary>
          <ul>
            {folded.map((verdict) => (
              <Line key={verdict.text} verdict={verdict} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
});
