import type { Metrics, StopReason } from '../../engine';
import { STOP_LABEL } from './labels';
import { useRunStore } from '../run';
import { selectMetrics, selectStatus, selectTrace } from './selectors';

interface Chip {
  readonly name: string;
  readonly value: string;
  readonly tone?: 'warn';
}

function chips(
  metrics: Metrics | null,
  stopReason: StopReason | null,
  placeholder: string,
): Chip[] {
  const show = (pick: (metrics: Metrics) => number) =>
    metrics ? String(pick(metrics)) : placeholder;
  const list: Chip[] = [
    { name: 'LLM calls', value: show((m) => m.llmCalls) },
    { name: 'Reflections', value: show((m) => m.reflections) },
    { name: 'Tool calls', value: show((m) => m.toolCalls) },
    { name: 'Empty calls', value: show((m) => m.emptyToolCalls) },
    { name: 'Duplicate hits', value: show((m) => m.duplicateToolHits) },
    { name: 'Fabrication hits', value: show((m) => m.fabricationHits) },
    {
      name: 'Tokens in / out',
      value: metrics ? `${metrics.promptTokens} / ${metrics.completionTokens}` : placeholder,
    },
  ];
  if (metrics && metrics.attempts > 1)
    list.push({ name: 'Attempts', value: String(metrics.attempts) });
  const warn = stopReason !== null && stopReason !== 'answer';
  list.push({
    name: 'Stop reason',
    value: stopReason ? STOP_LABEL[stopReason] : placeholder,
    ...(warn ? { tone: 'warn' as const } : {}),
  });
  return list;
}

/** The run's counters, one chip each, readable as "<name>: <value>". */
export function MetricsBar() {
  const metrics = useRunStore(selectMetrics);
  const trace = useRunStore(selectTrace);
  const status = useRunStore(selectStatus);
  const placeholder = status === 'running' ? '…' : '–';
  return (
    <section aria-label="Metrics">
      <ul className="flex flex-wrap gap-2">
        {chips(metrics, trace?.stopReason ?? null, placeholder).map((chip) => (
          <li
            key={chip.name}
            className={`rounded-full border px-3 py-1 text-xs ${
              chip.tone === 'warn'
                ? 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100'
                : 'border-slate-200 bg-white text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200'
            }`}
          >
            {chip.name}: <span className="font-semibold tabular-nums">{chip.value}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
