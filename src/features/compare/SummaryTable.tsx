import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { FOCUS_RING } from '../../components';
import {
  expectedStop,
  formatTime,
  outcomeLead,
  type LaneMetrics,
  type MetricDelta,
  type MetricKey,
} from '../../projections/compare-summary';
import { gradeWords } from '../../projections/grade-words';
import { compareScenario, selectSummary, type CompareLane } from '../../state/compare-store';
import { useCompare, useCompareApi } from './compare-context';
import { laneLetter, STOP_LABEL, VERDICT_STYLE } from './labels';
import { selectBaseline, selectLanes, selectLaneStatuses } from './selectors';

const count = (value: number) => value.toLocaleString('en-US');

interface Column {
  readonly key: MetricKey;
  readonly name: string;
  /** The value as the cell shows it. */
  readonly value: (metrics: LaneMetrics) => ReactNode;
  /** What the delta is of, for the sentence a screen reader hears ("2 fewer LLM calls"). */
  readonly noun: string;
}

/** The metrics, in the order the table lists them. */
const COLUMNS: readonly Column[] = [
  {
    key: 'stopReason',
    name: 'Stop',
    noun: 'stop',
    value: (metrics) => STOP_LABEL[metrics.stopReason],
  },
  {
    key: 'correct',
    name: 'Correct',
    noun: 'result',
    value: (metrics) => {
      if (!metrics.grade) return '—';
      const { why } = gradeWords(metrics.grade);
      // The why is on the lane's status line; here it is the cell's title and spoken text.
      return why ? (
        <span title={`Wrong: ${why}`}>
          ✗ no<span className="sr-only"> ({why})</span>
        </span>
      ) : (
        '✓ yes'
      );
    },
  },
  { key: 'llmCalls', name: 'LLM calls', noun: 'LLM calls', value: (m) => count(m.llmCalls) },
  {
    key: 'reflections',
    name: 'Reflections',
    noun: 'reflections',
    value: (metrics) => (
      <>
        {count(metrics.reflections)}
        {metrics.triggers.length > 0 && (
          <span className="ml-1 text-[11px] font-normal text-slate-500 dark:text-slate-400">
            {metrics.triggers
              .map(({ trigger, count: n }) => (n > 1 ? `${n}× ${trigger}` : trigger))
              .join(', ')}
          </span>
        )}
      </>
    ),
  },
  { key: 'toolCalls', name: 'Tool calls', noun: 'tool calls', value: (m) => count(m.toolCalls) },
  {
    key: 'emptyToolCalls',
    name: 'Empty calls',
    noun: 'empty calls',
    value: (m) => count(m.emptyToolCalls),
  },
  {
    key: 'promptTokens',
    name: 'Tokens in',
    noun: 'prompt tokens',
    value: (m) => count(m.promptTokens),
  },
  {
    key: 'completionTokens',
    name: 'Tokens out',
    noun: 'completion tokens',
    value: (m) => count(m.completionTokens),
  },
  { key: 'timeMs', name: 'Time', noun: 'time', value: (m) => formatTime(m.timeMs) },
];

/** The delta beside a value: arrow, amount and the verdict in words, coloured. */
function Delta({
  delta,
  noun,
  baseline,
}: {
  readonly delta: MetricDelta;
  readonly noun: string;
  readonly baseline: string;
}) {
  if (delta.verdict === 'same') {
    return <span className={`text-[11px] ${VERDICT_STYLE.same}`}>same</span>;
  }
  const verdictWord = delta.verdict === 'differs' ? '' : delta.verdict;
  const judged = delta.verdict === 'cost' ? 'the cost of a better outcome' : verdictWord;
  const sentence = `${delta.change}${delta.amount ? ` ${noun}` : ''} than ${baseline}${judged ? `: ${judged}` : ''}`;
  return (
    <span
      title={sentence}
      data-verdict={delta.verdict}
      className={`text-[11px] font-medium whitespace-nowrap ${VERDICT_STYLE[delta.verdict]}`}
    >
      <span aria-hidden="true">
        {delta.arrow}
        {delta.amount}
        {delta.amount && verdictWord ? ' ' : ''}
        {verdictWord}
      </span>
      <span className="sr-only">{sentence}</span>
    </span>
  );
}

/** A lane's column head: the "Baseline" radio, the lane's letter and label. */
function LaneHead({
  lane,
  index,
  baseline,
}: {
  readonly lane: CompareLane;
  readonly index: number;
  readonly baseline: boolean;
}) {
  const store = useCompareApi();
  const name = `${laneLetter(index)} ${lane.label}`;
  return (
    <th
      scope="col"
      className={`px-3 py-1.5 text-right align-bottom font-normal ${baseline ? 'bg-slate-50 dark:bg-slate-800/50' : ''}`}
    >
      <label className="inline-flex max-w-40 cursor-pointer items-center gap-1.5">
        <input
          type="radio"
          name="compare-baseline"
          checked={baseline}
          onChange={() => store.getState().actions.setBaseline(index)}
          aria-label={`Baseline: ${name}`}
          title="Measure the other lanes against this one"
          className={`h-3.5 w-3.5 shrink-0 accent-sky-600 ${FOCUS_RING}`}
        />
        <span className="flex h-4 w-4 shrink-0 items-center justify-center rounded bg-slate-800 text-[10px] font-semibold text-white dark:bg-slate-200 dark:text-slate-900">
          {laneLetter(index)}
        </span>
        <span
          className="truncate text-xs font-medium text-slate-800 dark:text-slate-100"
          title={baseline ? `${lane.label} (the baseline)` : lane.label}
        >
          {lane.label}
        </span>
      </label>
    </th>
  );
}

/**
 * The summary: a column per lane (its "Baseline" radio on top), a row per metric; beside each
 * value its delta against the baseline lane — ▼/▲, the amount and "better" or "worse" in words,
 * green or red.
 */
export function SummaryTable() {
  const lanes = useCompare(selectLanes);
  const baseline = useCompare(selectBaseline);
  const summary = useCompare(selectSummary);
  const statuses = useCompare(useShallow(selectLaneStatuses));
  const base = lanes[baseline];
  const baselineLabel = base ? `${laneLetter(baseline)} ${base.label}` : 'the baseline';
  const expected = expectedStop(useCompare(compareScenario));
  const baseMetrics = summary[baseline]?.metrics ?? null;
  // Lanes that ended otherwise than the baseline: the outcome leads, then what it cost.
  const leads = baseMetrics
    ? lanes.flatMap((lane, index) => {
        const metrics = summary[index]?.metrics;
        if (index === baseline || !metrics) return [];
        const lead = outcomeLead(
          { label: `${laneLetter(index)} ${lane.label}`, metrics },
          { label: baselineLabel, metrics: baseMetrics },
          expected,
        );
        return lead ? [{ id: lane.id, lead }] : [];
      })
    : [];
  return (
    <section
      aria-label="Summary"
      className="max-w-full min-w-0 flex-none overflow-x-auto rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900/60"
    >
      <table className="w-full text-xs">
        <caption className="border-b border-slate-200 px-3 py-1.5 text-left whitespace-nowrap dark:border-slate-800">
          <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
            Summary
          </span>
          <span className="ml-2 text-slate-500 dark:text-slate-400">
            against {baselineLabel}:{' '}
            <span className="text-emerald-700 dark:text-emerald-400">▼ better</span> ·{' '}
            <span className="text-rose-700 dark:text-rose-400">▲ worse</span>
          </span>
          {leads.map(({ id, lead }) => (
            <span
              key={id}
              className="block pt-0.5 text-xs font-medium whitespace-normal text-slate-800 dark:text-slate-100"
            >
              {lead}
            </span>
          ))}
        </caption>
        <thead>
          <tr className="border-b border-slate-100 dark:border-slate-800">
            <th
              scope="col"
              className="px-3 py-1.5 text-left align-bottom text-[11px] font-medium text-slate-500 dark:text-slate-400"
            >
              Metric
            </th>
            {lanes.map((lane, index) => (
              <LaneHead key={lane.id} lane={lane} index={index} baseline={index === baseline} />
            ))}
          </tr>
        </thead>
        <tbody>
          {COLUMNS.map((column) => (
            <tr
              key={column.key}
              className="border-t border-slate-100 first:border-t-0 dark:border-slate-800/70"
            >
              <th
                scope="row"
                className="px-3 py-[2px] text-left font-normal whitespace-nowrap text-slate-600 dark:text-slate-300"
              >
                {column.name}
              </th>
              {lanes.map((lane, index) => {
                const lineSummary = summary[index];
                const metrics = lineSummary?.metrics ?? null;
                return (
                  <td
                    key={lane.id}
                    className={`px-3 py-[2px] text-right whitespace-nowrap tabular-nums ${index === baseline ? 'bg-slate-50 dark:bg-slate-800/50' : ''}`}
                  >
                    {metrics ? (
                      <span className="inline-flex items-baseline justify-end gap-2">
                        <span className="font-medium text-slate-900 dark:text-slate-50">
                          {column.value(metrics)}
                        </span>
                        {lineSummary?.deltas && (
                          <span className="w-[5.5rem] text-left">
                            <Delta
                              delta={lineSummary.deltas[column.key]}
                              noun={column.noun}
                              baseline={baselineLabel}
                            />
                          </span>
                        )}
                      </span>
                    ) : (
                      <span className="text-slate-400 dark:text-slate-500">
                        {statuses[index] === 'running' ? '…' : '–'}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
