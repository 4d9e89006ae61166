/**
 * The eval matrix, pure: the job list (scenarios × configs × seeds) that `loop eval` and the
 * browser's eval worker both run, the per-run summary row, the matrix of cells with row and
 * column aggregates, one-line verdicts per comparison, and CSV / JSON export of the rows.
 * Nothing here runs the engine: the caller runs each job and hands the trace to `summariseRun`.
 */
import {
  scenarioConfig,
  isCorrect,
  type ConfigOverrides,
  type Gating,
  type LoopConfig,
  type Metrics,
  type Mode,
  type Scenario,
  type StopReason,
  type Trace,
} from '../engine';

// ---- Configs and jobs ----

/** A named config of the matrix: a column. */
export interface EvalConfig {
  readonly label: string;
  readonly overrides: ConfigOverrides;
}

const preset = (mode: Mode, gating: Gating): EvalConfig => ({
  label: `${mode}+${gating}`,
  overrides: { mode, reflection: { gating } },
});

/** Every preset the eval view offers, in column order (mode, then gating). */
export const EVAL_PRESETS: readonly EvalConfig[] = [
  preset('act', 'off'),
  preset('react', 'off'),
  preset('react', 'fixed'),
  preset('react', 'adaptive'),
  preset('reflact', 'off'),
  preset('reflact', 'fixed'),
  preset('reflact', 'adaptive'),
];

/** The default config set of the contract: react+off, react+fixed, react+adaptive, reflact+adaptive. */
export const DEFAULT_EVAL_LABELS: readonly string[] = [
  'react+off',
  'react+fixed',
  'react+adaptive',
  'reflact+adaptive',
];

/** The presets with these labels, in the order given (unknown labels are dropped). */
export function evalPresets(labels: readonly string[]): EvalConfig[] {
  return labels.flatMap((label) => EVAL_PRESETS.filter((config) => config.label === label));
}

/** The CLI's default configs (`loop eval` without flags). */
export const DEFAULT_EVAL_CONFIGS: readonly EvalConfig[] = evalPresets(DEFAULT_EVAL_LABELS);

/** One run of the matrix: a scenario under a config at a seed. */
export interface EvalJob {
  readonly index: number;
  readonly scenario: Scenario;
  readonly label: string;
  /** The config's overrides with the seed: what "Open in the inspector" passes on. */
  readonly overrides: ConfigOverrides;
  readonly config: LoopConfig;
}

export interface EvalJobOptions {
  /** Seeds per cell, counting up from `shared.seed` (default 1). */
  readonly seeds?: number;
  /** Overrides under every config (the CLI's flags). */
  readonly shared?: ConfigOverrides;
}

/** Pure: the matrix's runs in suite order, then config order, then seed order. */
export function buildEvalJobs(
  scenarios: readonly Scenario[],
  configs: readonly EvalConfig[],
  { seeds = 1, shared = {} }: EvalJobOptions = {},
): EvalJob[] {
  const first = shared.seed ?? 1;
  const jobs: EvalJob[] = [];
  for (const scenario of scenarios) {
    for (const { label, overrides } of configs) {
      for (let offset = 0; offset < seeds; offset++) {
        const own = { ...overrides, seed: first + offset };
        const config = scenarioConfig(scenario, {
          ...shared,
          ...own,
          reflection: { ...shared.reflection, ...own.reflection },
        });
        jobs.push({ index: jobs.length, scenario, label, overrides: own, config });
      }
    }
  }
  return jobs;
}

// ---- Rows ----

/** The reflection triggers a matrix counts (a high-confidence early answer is not a reflection). */
export const REFLECTION_TRIGGERS = ['cadence', 'stall', 'duplicate'] as const;
export type ReflectionTrigger = (typeof REFLECTION_TRIGGERS)[number];
export type TriggerCounts = Readonly<Record<ReflectionTrigger, number>>;

/** One run's summary: the CLI's row (`label` and `triggers` stay out of its JSON). */
export interface EvalRunRow {
  readonly scenario: string;
  readonly tags: readonly string[];
  readonly config: LoopConfig;
  readonly label: string;
  readonly stopReason: StopReason;
  readonly correct: boolean | null;
  readonly metrics: Metrics;
  /** Reflection steps by what opened their gate. */
  readonly triggers: TriggerCounts;
}

const noTriggers = (): Record<ReflectionTrigger, number> => ({
  cadence: 0,
  stall: 0,
  duplicate: 0,
});

/** Pure: a finished run as a matrix row (graded against the scenario's `expected`). */
export function summariseRun(job: Pick<EvalJob, 'scenario' | 'label'>, trace: Trace): EvalRunRow {
  const triggers = noTriggers();
  for (const step of trace.steps) {
    if (step.kind === 'reflection' && step.trigger && step.trigger in triggers)
      triggers[step.trigger as ReflectionTrigger]++;
  }
  return {
    scenario: job.scenario.id,
    tags: job.scenario.tags,
    config: trace.config,
    label: job.label,
    stopReason: trace.stopReason,
    correct: isCorrect(job.scenario, trace),
    metrics: trace.metrics,
    triggers,
  };
}

/** Pure: the row of a run that threw before it could finish (stop reason `error`, no metrics). */
export function failedRunRow(job: Pick<EvalJob, 'scenario' | 'label' | 'config'>): EvalRunRow {
  return {
    scenario: job.scenario.id,
    tags: job.scenario.tags,
    config: job.config,
    label: job.label,
    stopReason: 'error',
    correct: job.scenario.expected ? false : null,
    metrics: {
      llmCalls: 0,
      reflections: 0,
      toolCalls: 0,
      emptyToolCalls: 0,
      duplicateToolHits: 0,
      fabricationHits: 0,
      promptTokens: 0,
      completionTokens: 0,
      attempts: 0,
      latencyMs: 0,
    },
    triggers: noTriggers(),
  };
}

/** What a run came to, as a reader names it. */
export type EvalOutcome =
  'correct' | 'wrong' | 'escalated' | 'stalled' | 'out-of-steps' | 'error' | 'answered';

/** Outcomes in display order; `answered` is an answer to a scenario that has no `expected`. */
export const EVAL_OUTCOMES: readonly EvalOutcome[] = [
  'correct',
  'wrong',
  'escalated',
  'stalled',
  'out-of-steps',
  'error',
  'answered',
];

/** Pure: a correct run is `correct` whatever its stop (a hostile scenario should escalate). */
export function runOutcome(row: Pick<EvalRunRow, 'stopReason' | 'correct'>): EvalOutcome {
  if (row.stopReason === 'error' || row.stopReason === 'cancelled') return 'error';
  if (row.correct === true) return 'correct';
  if (row.stopReason === 'escalate') return 'escalated';
  if (row.stopReason === 'stalled') return 'stalled';
  if (row.stopReason === 'max_steps') return 'out-of-steps';
  return row.correct === false ? 'wrong' : 'answered';
}

/** Pure: the overrides that reproduce a row's run (mode, gating, seed; the rest are defaults). */
export function rowOverrides(row: Pick<EvalRunRow, 'config'>): ConfigOverrides {
  const { mode, reflection, seed } = row.config;
  return { mode, reflection: { gating: reflection.gating }, seed };
}

// ---- Summaries and the matrix ----

/** Runs summed up: outcome counts, accuracy over graded runs, means per run. */
export interface EvalSummary {
  readonly runs: number;
  readonly outcomes: Readonly<Record<EvalOutcome, number>>;
  readonly graded: number;
  readonly correct: number;
  /** correct / graded, 0..1; null when no run was graded. */
  readonly accuracy: number | null;
  readonly calls: number;
  readonly reflections: number;
  /** Reflections by trigger, summed over the runs (not a mean). */
  readonly triggers: TriggerCounts;
  readonly tokens: number;
  /** Model time per run, ms (simulated time on a virtual clock). */
  readonly latencyMs: number;
}

/** Pure: the summary of any set of rows (empty: zero runs, null accuracy, zero means). */
export function summarise(rows: readonly EvalRunRow[]): EvalSummary {
  const outcomes = Object.fromEntries(EVAL_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    EvalOutcome,
    number
  >;
  const triggers = noTriggers();
  let graded = 0;
  let correct = 0;
  let calls = 0;
  let reflections = 0;
  let tokens = 0;
  let latencyMs = 0;
  for (const row of rows) {
    outcomes[runOutcome(row)]++;
    if (row.correct !== null) graded++;
    if (row.correct === true) correct++;
    calls += row.metrics.llmCalls;
    reflections += row.metrics.reflections;
    tokens += row.metrics.promptTokens + row.metrics.completionTokens;
    latencyMs += row.metrics.latencyMs;
    for (const trigger of REFLECTION_TRIGGERS) triggers[trigger] += row.triggers[trigger];
  }
  const runs = rows.length;
  const mean = (total: number) => (runs ? total / runs : 0);
  return {
    runs,
    outcomes,
    graded,
    correct,
    accuracy: graded ? correct / graded : null,
    calls: mean(calls),
    reflections: mean(reflections),
    triggers,
    tokens: mean(tokens),
    latencyMs: mean(latencyMs),
  };
}

/** One run of a cell, enough to open it. */
export interface EvalCellRun {
  readonly seed: number;
  readonly outcome: EvalOutcome;
  readonly overrides: ConfigOverrides;
}

/** A cell: one scenario under one config, over its seeds. */
export interface EvalCell extends EvalSummary {
  readonly scenario: string;
  readonly label: string;
  /** The most frequent outcome (ties: the earlier in `EVAL_OUTCOMES`). */
  readonly outcome: EvalOutcome;
  readonly seeds: readonly EvalCellRun[];
}

export interface EvalMatrixRow {
  readonly scenario: {
    readonly id: string;
    readonly title: string;
    readonly tags: readonly string[];
  };
  /** One per config column; null where the matrix has no run (a cancelled matrix). */
  readonly cells: readonly (EvalCell | null)[];
  /** The scenario over every config. */
  readonly total: EvalSummary;
}

export interface EvalMatrix {
  readonly configs: readonly string[];
  readonly rows: readonly EvalMatrixRow[];
  /** Per config, over every scenario. */
  readonly columns: readonly EvalSummary[];
  readonly total: EvalSummary;
}

function dominant(outcomes: Readonly<Record<EvalOutcome, number>>): EvalOutcome {
  let best: EvalOutcome = 'error';
  let count = -1;
  for (const outcome of EVAL_OUTCOMES) {
    if (outcomes[outcome] > count) [best, count] = [outcome, outcomes[outcome]];
  }
  return best;
}

function group<K>(rows: readonly EvalRunRow[], key: (row: EvalRunRow) => K): Map<K, EvalRunRow[]> {
  const groups = new Map<K, EvalRunRow[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Pure: rows → the matrix. Scenario rows follow `scenarios` (ids that ran but are not listed
 * come after, titled by id); config columns follow `configs`, then any other label seen.
 */
export function buildEvalMatrix(
  rows: readonly EvalRunRow[],
  scenarios: readonly Pick<Scenario, 'id' | 'title' | 'tags'>[] = [],
  configs: readonly string[] = [],
): EvalMatrix {
  const seenIds = new Set(rows.map((row) => row.scenario));
  const listed = scenarios.filter((scenario) => seenIds.has(scenario.id));
  const known = new Set(listed.map((scenario) => scenario.id));
  const extra = group(
    rows.filter((row) => !known.has(row.scenario)),
    (row) => row.scenario,
  );
  const order = [
    ...listed.map(({ id, title, tags }) => ({ id, title, tags })),
    ...[...extra].map(([id, own]) => ({ id, title: id, tags: own[0]?.tags ?? [] })),
  ];
  const labels = [...new Set([...configs, ...rows.map((row) => row.label)])].filter((label) =>
    rows.some((row) => row.label === label),
  );
  const byCell = group(rows, (row) => `${row.scenario}\u0000${row.label}`);
  const byScenario = group(rows, (row) => row.scenario);
  const byLabel = group(rows, (row) => row.label);
  return {
    configs: labels,
    rows: order.map((scenario) => ({
      scenario,
      cells: labels.map((label) => {
        const own = byCell.get(`${scenario.id}\u0000${label}`);
        if (!own) return null;
        const summary = summarise(own);
        return {
          ...summary,
          scenario: scenario.id,
          label,
          outcome: dominant(summary.outcomes),
          seeds: own.map((row) => ({
            seed: row.config.seed,
            outcome: runOutcome(row),
            overrides: rowOverrides(row),
          })),
        };
      }),
      total: summarise(byScenario.get(scenario.id) ?? []),
    })),
    columns: labels.map((label) => summarise(byLabel.get(label) ?? [])),
    total: summarise(rows),
  };
}

// ---- Verdicts ----

const MODE_ORDER: readonly string[] = ['act', 'react', 'reflact'];
const GATING_ORDER: readonly string[] = ['off', 'fixed', 'adaptive'];

/** A config's place for orienting a comparison: the later one is the one being tried. */
const rank = (config: LoopConfig) =>
  MODE_ORDER.indexOf(config.mode) * 10 + GATING_ORDER.indexOf(config.reflection.gating);

/** One sentence comparing two configs, with the numbers it rests on. */
export interface EvalVerdict {
  /** The config being tried, and the one it is held against. */
  readonly subject: string;
  readonly baseline: string;
  /** The tag (or "all scenarios") the sentence speaks of. */
  readonly group: string;
  readonly kind: 'accuracy' | 'cost' | 'summary';
  readonly text: string;
}

const pct = (value: number) => `${Math.round(value * 100)}%`;
/** One decimal, none when it is whole: 1, 0.8, 12.5. */
const one = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
};

function tokenClause(a: EvalSummary, b: EvalSummary): { text: string; size: number } {
  if (b.tokens === 0) return { text: '', size: 0 };
  const change = a.tokens / b.tokens - 1;
  if (Math.abs(change) < 0.005) return { text: 'same tokens', size: 0 };
  return {
    text: `${Math.round(Math.abs(change) * 100)}% ${change > 0 ? 'more' : 'fewer'} tokens`,
    size: Math.abs(change),
  };
}

interface Groups {
  readonly name: string;
  /** "clear-cut" or "all scenarios". */
  readonly phrase: string;
  readonly scenarios: ReadonlySet<string>;
}

function groupsOf(rows: readonly EvalRunRow[]): Groups[] {
  const byTag = new Map<string, Set<string>>();
  const all = new Set<string>();
  for (const row of rows) {
    all.add(row.scenario);
    for (const tag of row.tags) {
      const set = byTag.get(tag) ?? new Set<string>();
      set.add(row.scenario);
      byTag.set(tag, set);
    }
  }
  const tags = [...byTag].sort(([a], [b]) => a.localeCompare(b));
  const groups = tags.map(([tag, ids]) => ({ name: tag, phrase: tag, scenarios: ids }));
  // "All scenarios" is worth a sentence only when it differs from every tag group.
  if (!groups.some((g) => g.scenarios.size === all.size))
    groups.unshift({ name: 'all', phrase: 'all scenarios', scenarios: all });
  return groups;
}

function compare(
  rowsA: readonly EvalRunRow[],
  rowsB: readonly EvalRunRow[],
  subject: string,
  baseline: string,
  groups: readonly Groups[],
): EvalVerdict & { size: number } {
  const candidates = groups
    .map((g) => {
      const a = rowsA.filter((row) => g.scenarios.has(row.scenario));
      const b = rowsB.filter((row) => g.scenarios.has(row.scenario));
      const shared = new Set(a.map((row) => row.scenario));
      const both = [...g.scenarios].filter(
        (id) => shared.has(id) && b.some((row) => row.scenario === id),
      );
      return { g, a, b, sa: summarise(a), sb: summarise(b), both };
    })
    .filter((c) => c.both.length > 0);
  const gap = (c: (typeof candidates)[number]) =>
    c.sa.accuracy === null || c.sb.accuracy === null ? 0 : c.sa.accuracy - c.sb.accuracy;
  const bigger = (x: (typeof candidates)[number], y: (typeof candidates)[number]) =>
    x.both.length - y.both.length || y.g.name.localeCompare(x.g.name);
  const byGap = [...candidates].sort((x, y) => Math.abs(gap(y)) - Math.abs(gap(x)) || bigger(y, x));
  const top = byGap[0];
  if (top && Math.abs(gap(top)) >= 0.005) {
    const tokens = tokenClause(top.sa, top.sb);
    return {
      subject,
      baseline,
      group: top.g.name,
      kind: 'accuracy',
      // Accuracy sentences come before cost ones, however large a token change is.
      size: 100 + Math.abs(gap(top)),
      text:
        `${subject}: ${pct(top.sa.accuracy ?? 0)} correct on ${top.g.phrase} vs ` +
        `${pct(top.sb.accuracy ?? 0)} for ${baseline}${tokens.text ? `, ${tokens.text}` : ''}`,
    };
  }
  const quietIn = (c: (typeof candidates)[number]) =>
    c.both.filter((id) => c.a.every((row) => row.scenario !== id || row.metrics.reflections === 0))
      .length;
  // The cleanest story first: a group where the subject never reflected and the baseline did
  // (the largest such); else the group where the token bill changes most.
  const silent = candidates
    .filter((c) => c.sb.reflections > 0 && quietIn(c) === c.both.length)
    .sort((x, y) => bigger(y, x));
  const byCost = [...candidates].sort(
    (x, y) => tokenClause(y.sa, y.sb).size - tokenClause(x.sa, x.sb).size || bigger(y, x),
  );
  const best = silent[0] ?? byCost[0];
  if (!best) return { subject, baseline, group: '', kind: 'cost', size: 0, text: '' };
  const { sa, sb, g, both } = best;
  const tokens = tokenClause(sa, sb);
  const sameReflections = Math.abs(sa.reflections - sb.reflections) < 0.005;
  const sameAccuracy = sa.accuracy === sb.accuracy;
  if (sameReflections && tokens.size === 0 && sameAccuracy) {
    return {
      subject,
      baseline,
      group: g.name,
      kind: 'cost',
      size: 0,
      text: `${subject}: same as ${baseline} on ${g.phrase} (accuracy, reflections and tokens)`,
    };
  }
  const parts: string[] = [];
  if (!sameReflections) {
    const quiet = quietIn(best);
    const per = (value: number) => `${one(value)} reflection${one(value) === '1' ? '' : 's'}`;
    parts.push(
      quiet > 0 && sb.reflections > 0
        ? `0 reflections on ${quiet}/${both.length} ${g.phrase} scenarios`
        : `${per(sa.reflections)} per run on ${g.phrase} (vs ${one(sb.reflections)})`,
    );
  } else {
    parts.push(`on ${g.phrase}`);
  }
  if (sa.accuracy !== null && sb.accuracy !== null && sameAccuracy) parts.push('same accuracy');
  if (tokens.size === 0) parts.push(`same tokens as ${baseline}`);
  else parts.push(`${tokens.text} than ${baseline}`);
  return {
    subject,
    baseline,
    group: g.name,
    kind: 'cost',
    size: tokens.size,
    text: `${subject}: ${parts.join(', ')}`,
  };
}

/**
 * Pure: one sentence per comparison a reader cares about, most telling first. Compared are the
 * configs that differ in one thing (mode or gating); if no two do, every pair. Each sentence
 * speaks of the tag where the two differ most: in accuracy, else in tokens. One config alone
 * gets a summary sentence. Runs that failed (`error`: the model could not be reached, or the
 * run threw) say nothing about a config and are left out.
 */
export function evalVerdicts(allRows: readonly EvalRunRow[]): EvalVerdict[] {
  const rows = allRows.filter((row) => runOutcome(row) !== 'error');
  const byLabel = group(rows, (row) => row.label);
  const labels = [...byLabel.keys()];
  const configOf = (label: string) => (byLabel.get(label) as EvalRunRow[])[0]!.config;
  if (labels.length === 1) {
    const label = labels[0]!;
    const s = summarise(byLabel.get(label)!);
    const scenarios = new Set(rows.map((row) => row.scenario)).size;
    const accuracy = s.accuracy === null ? '' : `${pct(s.accuracy)} correct over `;
    return [
      {
        subject: label,
        baseline: label,
        group: 'all',
        kind: 'summary',
        text:
          `${label}: ${accuracy}${scenarios} scenario${scenarios === 1 ? '' : 's'}, ` +
          `${one(s.calls)} calls and ${Math.round(s.tokens).toLocaleString('en-US')} tokens per run`,
      },
    ];
  }
  const pairs: [string, string][] = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) pairs.push([labels[i]!, labels[j]!]);
  const differ = (x: LoopConfig, y: LoopConfig) =>
    Number(x.mode !== y.mode) + Number(x.reflection.gating !== y.reflection.gating);
  const near = pairs.filter(([x, y]) => differ(configOf(x), configOf(y)) === 1);
  const chosen = near.length > 0 ? near : pairs;
  const groups = groupsOf(rows);
  return chosen
    .map(([x, y]) => {
      const [subject, baseline] = rank(configOf(x)) >= rank(configOf(y)) ? [x, y] : [y, x];
      return compare(byLabel.get(subject)!, byLabel.get(baseline)!, subject, baseline, groups);
    })
    .filter((verdict) => verdict.text !== '')
    .sort((a, b) => b.size - a.size)
    .map(({ size: _size, ...verdict }) => verdict);
}

// ---- Export ----

/** The CLI's `loop eval --json` row: exactly these keys. */
export interface EvalJsonRow {
  readonly scenario: string;
  readonly tags: readonly string[];
  readonly config: LoopConfig;
  readonly stopReason: StopReason;
  readonly correct: boolean | null;
  readonly metrics: Metrics;
}

/** Pure: rows in the shape `loop eval --json` prints. */
export function evalJsonRows(rows: readonly EvalJsonRow[]): EvalJsonRow[] {
  return rows.map(({ scenario, tags, config, stopReason, correct, metrics }) => ({
    scenario,
    tags,
    config,
    stopReason,
    correct,
    metrics,
  }));
}

/** What a matrix ran on, for its exports: a user endpoint's name and model (never its URL or key). */
export interface EvalEndpointLabel {
  readonly name: string;
  readonly model: string;
}

/**
 * Pure: the JSON export. On the built-in models, byte for byte what `loop eval --json` prints
 * for the same rows; on an endpoint, each row also says `endpoint: {name, model}`.
 */
export function evalJson(
  rows: readonly EvalJsonRow[],
  endpoint: EvalEndpointLabel | null = null,
): string {
  const json = evalJsonRows(rows);
  const labelled = endpoint
    ? json.map((row) => ({ ...row, endpoint: { name: endpoint.name, model: endpoint.model } }))
    : json;
  return `${JSON.stringify(labelled, null, 2)}\n`;
}

/** The CSV's columns, in order. */
export const CSV_COLUMNS = [
  'scenario',
  'title',
  'tags',
  'config',
  'mode',
  'gating',
  'seed',
  'outcome',
  'stop_reason',
  'correct',
  'llm_calls',
  'reflections',
  'reflections_cadence',
  'reflections_stall',
  'reflections_duplicate',
  'tool_calls',
  'empty_tool_calls',
  'duplicate_hits',
  'fabrication_hits',
  'prompt_tokens',
  'completion_tokens',
  'model_ms',
] as const;

/** The CSV's last two columns when the matrix ran on an endpoint: its name and model. */
export const CSV_ENDPOINT_COLUMNS = ['endpoint', 'model'] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. Text that a spreadsheet would run as a formula (= + - @) gets a leading apostrophe.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Pure: the rows as CSV, a header line then one line per run (CRLF, as RFC 4180 has it); on an
 * endpoint, with its name and model as the last two columns.
 */
export function evalCsv(
  rows: readonly EvalRunRow[],
  scenarios: readonly Pick<Scenario, 'id' | 'title'>[] = [],
  endpoint: EvalEndpointLabel | null = null,
): string {
  const header = endpoint ? [...CSV_COLUMNS, ...CSV_ENDPOINT_COLUMNS] : CSV_COLUMNS;
  const tail = endpoint ? [endpoint.name, endpoint.model] : [];
  const titles = new Map(scenarios.map((scenario) => [scenario.id, scenario.title]));
  const lines = rows.map((row) => {
    const { metrics } = row;
    const fields: (string | number | boolean | null)[] = [
      row.scenario,
      titles.get(row.scenario) ?? row.scenario,
      row.tags.join(' '),
      row.label,
      row.config.mode,
      row.config.reflection.gating,
      row.config.seed,
      runOutcome(row),
      row.stopReason,
      row.correct,
      metrics.llmCalls,
      metrics.reflections,
      row.triggers.cadence,
      row.triggers.stall,
      row.triggers.duplicate,
      metrics.toolCalls,
      metrics.emptyToolCalls,
      metrics.duplicateToolHits,
      metrics.fabricationHits,
      metrics.promptTokens,
      metrics.completionTokens,
      Math.round(metrics.latencyMs),
      ...tail,
    ];
    return fields.map(csvField).join(',');
  });
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
