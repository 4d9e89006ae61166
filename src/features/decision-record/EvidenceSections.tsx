/** The decision record's evidence and observation sections: cited steps, the tool's result. */
import { useId } from 'react';
import { clipLine, FOCUS_RING, JsonView } from '../../components';
import type { DecisionRecordView, EvidenceLink } from '../../projections/decision-record';
import { TAG_LABEL, TAG_STYLE } from './labels';
import { Section } from './Section';

/** A button that moves the cursor to a cited step, with what its observation held. */
function EvidenceButton({
  link,
  onSelect,
}: {
  readonly link: EvidenceLink;
  readonly onSelect: (step: number) => void;
}) {
  const summaryId = useId();
  return (
    <li>
      <button
        type="button"
        aria-label={`Go to #${link.step}${link.tool ? ` ${clipLine(link.tool)}` : ''}`}
        aria-describedby={summaryId}
        onClick={() => onSelect(link.step)}
        className={`group flex w-full items-start gap-2 rounded-md border border-slate-200 bg-white px-2.5 py-1.5 text-left hover:border-sky-300 hover:bg-sky-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-sky-700 dark:hover:bg-sky-950/40 ${FOCUS_RING}`}
      >
        <span className="shrink-0 rounded bg-slate-100 px-1.5 font-mono text-xs text-slate-700 tabular-nums group-hover:bg-sky-100 dark:bg-slate-800 dark:text-slate-200 dark:group-hover:bg-sky-900/60">
          #{link.step}
        </span>
        <span className="min-w-0 text-xs">
          {link.tool && (
            <span className="font-mono font-semibold text-slate-900 dark:text-slate-100">
              {clipLine(link.tool)}
            </span>
          )}
          <span id={summaryId} className="block wrap-anywhere text-slate-600 dark:text-slate-400">
            {clipLine(link.summary)}
          </span>
        </span>
        <span
          aria-hidden="true"
          className="ml-auto shrink-0 text-slate-400 group-hover:text-sky-600"
        >
          →
        </span>
      </button>
    </li>
  );
}

/** The steps whose observations back the decision, as links that select them. */
export function EvidenceSection({
  view,
  onSelect,
}: {
  readonly view: DecisionRecordView;
  readonly onSelect: (step: number) => void;
}) {
  if (view.evidence.length === 0) return null;
  const note =
    view.kind === 'escalate' && view.policy.guard === 'duplicate_tool_call'
      ? 'the earlier identical call'
      : 'the observations this decision cites';
  return (
    <Section title="Evidence" note={note}>
      <ul className="space-y-1.5">
        {view.evidence.map((link) => (
          <EvidenceButton key={link.step} link={link} onSelect={onSelect} />
        ))}
      </ul>
    </Section>
  );
}

/** What the tool returned: a folding JSON tree, tagged new / empty / repeat / error. */
export function ObservationSection({
  view,
  onSelect,
}: {
  readonly view: DecisionRecordView;
  readonly onSelect: (step: number) => void;
}) {
  const { observation, observationTag: tag, repeatOf } = view;
  if (!observation || !tag) return null;
  return (
    <Section
      title="Observation"
      note={
        <span className={`rounded px-1.5 py-0.5 font-medium ${TAG_STYLE[tag]}`}>
          {TAG_LABEL[tag]}
        </span>
      }
    >
      {repeatOf && (
        <p className="mb-1.5 text-xs text-slate-600 dark:text-slate-400">
          A blocked repeat: the tool did not run; this replays the observation of{' '}
          <button
            type="button"
            onClick={() => onSelect(repeatOf.step)}
            className={`rounded font-mono text-sky-700 underline underline-offset-2 dark:text-sky-300 ${FOCUS_RING}`}
          >
            #{repeatOf.step}
          </button>
          .
        </p>
      )}
      <div className="overflow-x-auto rounded-md border border-slate-200 bg-slate-50 px-2.5 py-2 dark:border-slate-700 dark:bg-slate-900">
        <JsonView value={observation.result} />
      </div>
    </Section>
  );
}
