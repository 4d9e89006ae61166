/** The decision record's sections, one component each (policy and evidence in their own files). */
import type { ReactNode } from 'react';
import { Clipped, clipLine, FOCUS_RING } from '../../components';
import type { DecisionRecordView } from '../../projections/decision-record';
import { formatMs } from './labels';
import { Section } from './Section';

export { EvidenceSection, ObservationSection } from './EvidenceSections';
export { PolicySection } from './PolicySection';

/** The tool the model chose, with its arguments as a key/value table. */
export function ActionSection({ view }: { readonly view: DecisionRecordView }) {
  const { action } = view;
  if (!action) return null;
  return (
    <Section title="Action">
      <Clipped text={action.tool}>
        {(shown) => (
          <p className="font-mono text-[13px] font-semibold wrap-anywhere text-slate-900 dark:text-slate-100">
            {shown}
          </p>
        )}
      </Clipped>
      {action.args.length > 0 ? (
        <table className="mt-1 w-full font-mono text-xs">
          <caption className="sr-only">Arguments of {clipLine(action.tool)}</caption>
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
                  <Clipped text={row.value}>
                    {(shown) => <span className="block">{shown}</span>}
                  </Clipped>
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

function Fact({ name, children }: { readonly name: string; readonly children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
      <dd className="min-w-0 text-slate-900 tabular-nums dark:text-slate-100">{children}</dd>
    </>
  );
}

/**
 * Tokens, latency and time to first token of the step's model call; on the answer, that its
 * confidence is not scored.
 */
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
        {/* Said once, where it would matter (the answer), not as a score of 0 on every step. */}
        {view.kind === 'answer' && (
          <Fact name="Confidence">
            not scored{' '}
            <span className="text-slate-500 dark:text-slate-400">
              (prose is not a calibrated score)
            </span>
          </Fact>
        )}
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
        <Clipped text={text || '(empty reply)'}>
          {(shown) => (
            <pre className="mt-1.5 max-h-72 overflow-auto rounded-md border border-dashed border-amber-300 bg-amber-50/60 px-2.5 py-2 font-mono text-xs break-words whitespace-pre-wrap text-slate-800 dark:border-amber-700/60 dark:bg-amber-950/20 dark:text-slate-200">
              {shown}
            </pre>
          )}
        </Clipped>
      </details>
    </div>
  );
}
