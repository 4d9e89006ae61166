/** Plain-text output of the CLI: one run as a step list, an eval as a matrix. */
import type { Step, Trace } from '../engine';

const clip = (text: string, width: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

function describeStep(step: Step): string {
  const call = step.decision.action;
  const denied =
    step.decision.policy.outcome === 'denied' ? `  ✗ ${step.decision.policy.reason}` : '';
  switch (step.kind) {
    case 'action': {
      const observation = step.observation;
      const seen =
        observation?.repeatOf !== undefined ? ' (repeat)' : observation?.empty ? ' (empty)' : '';
      return `${call?.tool} ${JSON.stringify(call?.args)} → ${observation?.ok ? 'ok' : 'error'}${seen}${denied}`;
    }
    case 'reflection':
      return `[${step.trigger}] ${clip(step.reflection?.state ?? '', 90)}`;
    case 'answer':
      return clip(step.answer ?? '', 100);
    case 'escalate':
      return `${call ? `${call.tool} ${JSON.stringify(call.args)}` : clip(step.answer ?? '', 60)}${denied}`;
    case 'attempt_reflection':
      return `reward ${step.reward ?? 'unknown'} (${step.framing}) ${clip(step.modelCall?.text ?? '', 70)}`;
    case 'reprompt':
      return `unparseable: ${clip(step.modelCall?.text ?? '', 80)}`;
    case 'judge':
      return (
        step.judge?.problem ??
        `judge: reward ${step.reward ?? 'unknown'} ${clip(step.judge?.reason ?? '', 70)}`
      );
  }
}

/** " (1 failed)" when the run ended on a failed model call (it is counted in `llmCalls`). */
const failedCall = (trace: Trace): string => (trace.error ? ' (1 failed)' : '');

/** Pure: a human-readable summary of a trace. */
export function formatTrace(trace: Trace): string {
  const { config, metrics } = trace;
  const lines = [`${trace.scenario} · ${config.mode} · reflection ${config.reflection.gating}`];
  const forkedAt = trace.forkedFrom?.step ?? null;
  if (forkedAt !== null) {
    lines.push(
      `  forked at step ${forkedAt}: the steps before it were replayed from the recorded run (no model call)`,
    );
  }
  for (const step of trace.steps) {
    if (forkedAt !== null && forkedAt > 0 && step.index === forkedAt)
      lines.push('  ── live from here');
    const attempt = config.attempts > 1 ? `a${step.attempt} ` : '';
    lines.push(
      `  #${String(step.index).padEnd(3)} ${attempt}${step.kind.padEnd(18)} ${describeStep(step)}`,
    );
  }
  lines.push(
    `stop: ${trace.stopReason} · ${metrics.llmCalls} LLM calls${failedCall(trace)} · ${metrics.reflections} reflections · ` +
      `${metrics.toolCalls} tool calls (${metrics.emptyToolCalls} empty) · ${metrics.duplicateToolHits} duplicate hits · ` +
      `${metrics.fabricationHits} fabrication hits · tokens ${metrics.promptTokens} in / ${metrics.completionTokens} out` +
      (config.attempts > 1 ? ` · ${metrics.attempts} attempts` : ''),
  );
  if (trace.escalation)
    lines.push(`escalation: ${trace.escalation.reason}: ${trace.escalation.detail}`);
  if (trace.error) lines.push(`error: ${trace.error.code}: ${trace.error.message}`);
  if (trace.answer !== null) lines.push(`answer: ${trace.answer}`);
  return lines.join('\n');
}

export interface EvalRow {
  readonly scenario: string;
  readonly tags: readonly string[];
  readonly config: Trace['config'];
  readonly label: string;
  readonly stopReason: Trace['stopReason'];
  readonly correct: boolean | null;
  readonly metrics: Trace['metrics'];
}

/** Pure: the eval matrix as an aligned table. */
export function formatMatrix(rows: readonly EvalRow[]): string {
  const header = [
    'scenario',
    'config',
    'stop',
    'correct',
    'calls',
    'refl',
    'tools',
    'empty',
    'dup',
    'tokens',
  ];
  const body = rows.map((row) => [
    row.scenario,
    row.label,
    row.stopReason,
    row.correct === null ? '–' : row.correct ? 'yes' : 'no',
    String(row.metrics.llmCalls),
    String(row.metrics.reflections),
    String(row.metrics.toolCalls),
    String(row.metrics.emptyToolCalls),
    String(row.metrics.duplicateToolHits),
    String(row.metrics.promptTokens + row.metrics.completionTokens),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...body.map(line)].join('\n');
}

interface Group {
  runs: number;
  correct: number;
  graded: number;
  stalled: number;
  escalated: number;
  calls: number;
  reflections: number;
  tokens: number;
  latencyMs: number;
  empty: number;
}

const percent = (part: number, whole: number) =>
  whole ? `${Math.round((100 * part) / whole)}%` : '–';
const mean = (total: number, runs: number, digits = 1) => (total / runs).toFixed(digits);

/**
 * Pure: the eval rows summed up by tag and config (a scenario counts under each of its tags):
 * how often runs were correct, stalled or escalated, and the mean calls, reflections, tokens,
 * model time and empty tool calls per run.
 */
export function formatSummary(rows: readonly EvalRow[]): string {
  const groups = new Map<string, Group>();
  const labels: string[] = [];
  for (const row of rows) {
    if (!labels.includes(row.label)) labels.push(row.label);
    for (const tag of row.tags.length ? row.tags : ['(untagged)']) {
      const key = `${tag}\u0000${row.label}`;
      const group = groups.get(key) ?? {
        runs: 0,
        correct: 0,
        graded: 0,
        stalled: 0,
        escalated: 0,
        calls: 0,
        reflections: 0,
        tokens: 0,
        latencyMs: 0,
        empty: 0,
      };
      group.runs++;
      if (row.correct !== null) group.graded++;
      if (row.correct) group.correct++;
      if (row.stopReason === 'stalled') group.stalled++;
      if (row.stopReason === 'escalate') group.escalated++;
      group.calls += row.metrics.llmCalls;
      group.reflections += row.metrics.reflections;
      group.tokens += row.metrics.promptTokens + row.metrics.completionTokens;
      group.latencyMs += row.metrics.latencyMs;
      group.empty += row.metrics.emptyToolCalls;
      groups.set(key, group);
    }
  }
  const tags = [
    ...new Set([...groups.keys()].map((key) => key.split('\u0000')[0] as string)),
  ].sort();
  const header = [
    'tag',
    'config',
    'runs',
    'correct',
    'stalled',
    'escalated',
    'calls',
    'refl',
    'tokens',
    'tok/call',
    'seconds',
    'empty',
  ];
  const body: string[][] = [];
  for (const tag of tags) {
    for (const label of labels) {
      const group = groups.get(`${tag}\u0000${label}`);
      if (!group) continue;
      body.push([
        tag,
        label,
        String(group.runs),
        percent(group.correct, group.graded),
        percent(group.stalled, group.runs),
        percent(group.escalated, group.runs),
        mean(group.calls, group.runs),
        mean(group.reflections, group.runs),
        mean(group.tokens, group.runs, 0),
        group.calls ? mean(group.tokens, group.calls, 0) : '–',
        mean(group.latencyMs / 1000, group.runs),
        mean(group.empty, group.runs),
      ]);
    }
  }
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    'Summary by tag and config (means per run; seconds are model time, simulated on a virtual clock)',
    line(header),
    ...body.map(line),
  ].join('\n');
}
