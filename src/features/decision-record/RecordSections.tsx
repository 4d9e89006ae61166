import { useId, type ReactNode } from 'react';
import { FOCUS_RING } from '../../components';
import { JsonView } from '../../components';
import {
  GUARD_LABEL,
  type DecisionRecordView,
  type EvidenceLink,
  type GuardTrip,
} from '../../projections/decision-record';
import { TAG_LABEL, TAG_STYLE, formatMs } from './labels';
import { Section } from './Section';

const TRIP_OUTCOME: Readonly<Record<GuardTrip['outcome'], string>> = {
  escalate: 'escalated the run',
  block: 'blocked the call',
  reprompt: 'asked the model again',
  stop: 'stopped the attempt',
  count: 'counted it only (the guard is off)',
};

/** Allowed or denied, and the guard that decided (with its detail). */
export function PolicySection({ view }: { readonly view: DecisionRecordView }) {
  const { policy, otherTrips } = view;
  return (
    <Section title="Policy">
      {policy.outcome === 'denied' ? (
        <div className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 dark:border-rose-900 dark:bg-rose-950/40">
          <p className="text-[13px] font-semibold text-rose-900 dark:text-rose-100">
            Denied
            {policy.guard && (
              <>
                {' by '}
                {GUARD_LABEL[policy.guard]}{' '}
                <code className="rounded bg-rose-100 px-1 font-mono text-xs font-normal dark:bg-rose-900/60">
                  {policy.guard}
                </code>
              </>
            )}
          </p>
          {policy.detail && (
            <p className="mt-1 text-xs leading-relaxed break-words text-rose-950 dark:text-rose-100/90">
              {policy.detail}
            </p>
          )}
        </div>
      ) : (
        <div>
          <p className="flex items-center gap-1.5 text-[13px] font-semibold text-emerald-800 dark:text-emerald-300">
            <span aria-hidden="true">✓</span> Allowed
          </p>
          {policy.passed.length > 0 && (
            <ul className="mt-0.5 space-y-0.5 text-xs text-slate-600 dark:text-slate-400">
              {policy.passed.map((check) => (
                <li key={check}>{check}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {otherTrips.map((trip) => (
        <div
          key={`${trip.guard}-${trip.outcome}`}
          className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs dark:border-amber-900 dark:bg-amber-950/40"
        >
          <p className="font-semibold text-amber-950 dark:text-amber-100">
            {GUARD_LABEL[trip.guard]} {TRIP_OUTCOME[trip.outcome]}
          </p>
          <p className="mt-0.5 break-words text-amber-950/90 dark:text-amber-100/90">
            {trip.detail}
          </p>
        </div>
      ))}
    </Section>
  );
}

/** The tool the model chose, with its arguments as a key/value table. */
export function ActionSection({ view }: { readonly view: DecisionRecordView }) {
  const { action } = view;
  if (!action) return null;
  return (
    <Section title="Action">
      <p className="font-mono text-[13px] font-semibold text-slate-900 dark:text-slate-100">
        {action.tool}
      </p>
      {action.args.length > 0 ? (
        <table className="mt-1 w-full font-mono text-xs">
          <caption className="sr-only">Arguments of {action.tool}</caption>
          <tbody>
            {action.args.map((row) => (
              <tr
                key={row.key}
                className="border-t border-slate-100 first:border-t-0 dark:border-slate-800"
              >
                <th
                  scope="row"
                  className="w-px py-1 pr-4 text-left align-top font-normal whitespace-nowrap text-slate-500 dark:text-slate-400"
                >
                  {row.key}
                </th>
                <td className="py-1 align-top break-all text-slate-900 dark:text-slate-100">
                  {row.value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">No arguments.</p>
      )}
    </Section>
  );
}

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
        aria-label={`Go to #${link.step}${link.tool ? ` ${link.tool}` : ''}`}
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
              {link.tool}
            </span>
          )}
          <span id={summaryId} className="block break-words text-slate-600 dark:text-slate-400">
            {link.summary}
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

function Fact({ name, children }: { readonly name: string; readonly children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
      <dd className="min-w-0 text-slate-900 tabular-nums dark:text-slate-100">{children}</dd>
    </>
  );
}

/** Tokens, latency, time to first token and confidence of the step's model call. */
export function CallSection({ view }: { readonly view: DecisionRecordView }) {
  const { call } = view;
  if (!call) return null;
  return (
    <Section title="Model call">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
        <Fact name="Tokens">
          {call.promptTokens} in · {call.completionTokens} out{' '}
          <span className="text-slate-500 dark:text-slate-400">
            ({call.estimated ? 'estimated' : 'reported'})
          </span>
        </Fact>
        <Fact name="Latency">{formatMs(call.latencyMs)}</Fact>
        <Fact name="First token">{call.ttftMs === null ? '–' : formatMs(call.ttftMs)}</Fact>
        <Fact name="Confidence">
          {view.confidence}{' '}
          <span className="text-slate-500 dark:text-slate-400">
            (prose is not a calibrated score)
          </span>
        </Fact>
      </dl>
    </Section>
  );
}

/** The reward of the attempt an attempt reflection looks back on, and how it was framed. */
export function AttemptSection({
  view,
  threshold,
}: {
  readonly view: DecisionRecordView;
  readonly threshold: number | null;
}) {
  if (view.kind !== 'attempt_reflection') return null;
  const reward = view.reward;
  const below = reward !== null && threshold !== null && reward < threshold;
  return (
    <Section title="Attempt">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
        <Fact name="Reward">
          {reward === null ? 'unknown (the scenario has no verify)' : reward}
          {below && (
            <span className="text-slate-500 dark:text-slate-400">
              {' '}
              (below the threshold {threshold})
            </span>
          )}
        </Fact>
        <Fact name="Framing">
          {view.framing ?? '–'}
          <span className="text-slate-500 dark:text-slate-400">
            {view.framing === 'failure'
              ? ' (the attempt is reflected on as a failure)'
              : view.framing === 'neutral'
                ? ' (the outcome is unknown)'
                : ''}
          </span>
        </Fact>
      </dl>
    </Section>
  );
}

/** The reply exactly as the model sent it, folded. */
export function RawReply({ text }: { readonly text: string | null }) {
  if (text === null) return null;
  return (
    <div className="border-t border-slate-100 px-4 py-3 dark:border-slate-800/80">
      <details>
        <summary
          className={`cursor-pointer rounded text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400 ${FOCUS_RING}`}
        >
          Raw reply
        </summary>
        <pre className="mt-1.5 max-h-72 overflow-auto rounded-md border border-dashed border-amber-300 bg-amber-50/60 px-2.5 py-2 font-mono text-xs whitespace-pre-wrap text-slate-800 dark:border-amber-700/60 dark:bg-amber-950/20 dark:text-slate-200">
          {text || '(empty reply)'}
        </pre>
      </details>
    </div>
  );
}
