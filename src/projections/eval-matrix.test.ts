import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from '../engine';
import { builtinScenarios, findBuiltin } from '../scenarios';
import {
  buildEvalJobs,
  buildEvalMatrix,
  csvField,
  CSV_COLUMNS,
  CSV_ENDPOINT_COLUMNS,
  DEFAULT_EVAL_CONFIGS,
  evalCsv,
  evalJson,
  evalJsonRows,
  evalPresets,
  evalVerdicts,
  EVAL_PRESETS,
  failedRunRow,
  runOutcome,
  summariseRun,
  type EvalConfig,
  type EvalRunRow,
} from './eval-matrix';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

/** Runs the matrix through the engine, as the CLI and the worker do. */
async function runMatrix(
  scenarios: readonly Scenario[],
  configs: readonly EvalConfig[],
  seeds = 1,
): Promise<EvalRunRow[]> {
  const rows: EvalRunRow[] = [];
  for (const job of buildEvalJobs(scenarios, configs, { seeds })) {
    rows.push(summariseRun(job, await runScenario(job.scenario, job.config)));
  }
  return rows;
}

/** A small RFC 4180 reader, to check the writer against (quoted fields, doubled quotes). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    i += 1;
    if (quoted && c === '"' && next === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' && next === '\n') {
      records.push([...fields, field]);
      fields = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  return records;
}

const clearCut = () => builtinScenarios().filter((scenario) => scenario.tags.includes('clear-cut'));

describe('the job list', () => {
  it('runs scenarios × configs × seeds in suite, config, then seed order', () => {
    const scenarios = [builtin('rca-search-stall'), builtin('shopops-happy')];
    const jobs = buildEvalJobs(scenarios, evalPresets(['react+off', 'reflact+adaptive']), {
      seeds: 2,
    });
    expect(jobs.map((job) => `${job.scenario.id} ${job.label} ${job.config.seed}`)).toEqual([
      'rca-search-stall react+off 1',
      'rca-search-stall react+off 2',
      'rca-search-stall reflact+adaptive 1',
      'rca-search-stall reflact+adaptive 2',
      'shopops-happy react+off 1',
      'shopops-happy react+off 2',
      'shopops-happy reflact+adaptive 1',
      'shopops-happy reflact+adaptive 2',
    ]);
    expect(jobs.map((job) => job.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(jobs[2]?.config).toMatchObject({ mode: 'reflact', reflection: { gating: 'adaptive' } });
    expect(jobs[2]?.overrides).toEqual({
      mode: 'reflact',
      reflection: { gating: 'adaptive' },
      seed: 1,
    });
  });

  it('counts seeds up from the shared seed and keeps the shared overrides under each config', () => {
    const jobs = buildEvalJobs([builtin('rca-search-stall')], DEFAULT_EVAL_CONFIGS, {
      seeds: 3,
      shared: { seed: 7, maxSteps: 4, reflection: { interval: 2 } },
    });
    expect(jobs).toHaveLength(12);
    expect(jobs.slice(0, 3).map((job) => job.config.seed)).toEqual([7, 8, 9]);
    for (const job of jobs) {
      expect(job.config.maxSteps).toBe(4);
      expect(job.config.reflection.interval).toBe(2);
    }
  });

  it('offers the CLI four defaults and three more presets', () => {
    expect(DEFAULT_EVAL_CONFIGS.map((config) => config.label)).toEqual([
      'react+off',
      'react+fixed',
      'react+adaptive',
      'reflact+adaptive',
    ]);
    expect(EVAL_PRESETS.map((config) => config.label)).toEqual([
      'act+off',
      'react+off',
      'react+fixed',
      'react+adaptive',
      'reflact+off',
      'reflact+fixed',
      'reflact+adaptive',
    ]);
  });
});

describe('a small matrix from real runs', () => {
  const scenarios = [
    builtin('rca-search-stall'),
    builtin('rca-checkout-latency'),
    builtin('shopops-hostile-loop'),
  ];
  const configs = evalPresets(['react+off', 'react+adaptive']);

  it('names each run by what it came to: a hostile loop that escalates as expected is correct', async () => {
    const rows = await runMatrix(scenarios, configs, 2);
    expect(rows).toHaveLength(12);
    const hostile = rows.filter((row) => row.scenario === 'shopops-hostile-loop');
    expect(hostile.every((row) => row.stopReason === 'escalate' && row.correct === true)).toBe(
      true,
    );
    expect(hostile.map(runOutcome)).toEqual(['correct', 'correct', 'correct', 'correct']);
    const stalled = rows.find((row) => row.stopReason === 'stalled');
    expect(stalled && runOutcome(stalled)).toBe('stalled');
  });

  it('counts reflections by trigger: adaptive gating reflects on a stall', async () => {
    const rows = await runMatrix([builtin('rca-search-stall')], evalPresets(['react+adaptive']));
    const [row] = rows;
    expect(row?.metrics.reflections).toBeGreaterThan(0);
    expect(row?.triggers).toEqual({ cadence: 0, stall: row?.metrics.reflections, duplicate: 0 });
  });

  it('adds up cells, rows (per scenario) and columns (per config)', async () => {
    const rows = await runMatrix(scenarios, configs, 2);
    const matrix = buildEvalMatrix(rows, scenarios, ['react+off', 'react+adaptive']);
    expect(matrix.configs).toEqual(['react+off', 'react+adaptive']);
    expect(matrix.rows.map((row) => row.scenario.id)).toEqual(scenarios.map((s) => s.id));
    expect(matrix.rows[0]?.scenario.title).toBe(scenarios[0]?.title);

    for (const row of matrix.rows) {
      expect(row.cells.every((cell) => cell?.runs === 2)).toBe(true);
      expect(row.total.runs).toBe(4);
    }
    expect(matrix.columns.map((column) => column.runs)).toEqual([6, 6]);
    expect(matrix.total.runs).toBe(12);

    const cell = matrix.rows[1]?.cells[0];
    const own = rows.filter(
      (r) => r.scenario === 'rca-checkout-latency' && r.label === 'react+off',
    );
    const tokens = own.map((r) => r.metrics.promptTokens + r.metrics.completionTokens);
    expect(cell?.tokens).toBeCloseTo((tokens[0]! + tokens[1]!) / 2);
    expect(cell?.calls).toBeCloseTo((own[0]!.metrics.llmCalls + own[1]!.metrics.llmCalls) / 2);
    expect(cell?.outcome).toBe('correct');
    expect(cell?.seeds.map((run) => run.seed)).toEqual([1, 2]);
    expect(cell?.seeds[1]?.overrides).toEqual({
      mode: 'react',
      reflection: { gating: 'off' },
      seed: 2,
    });

    const column = matrix.columns[1]!;
    const adaptive = rows.filter((r) => r.label === 'react+adaptive');
    expect(column.correct).toBe(adaptive.filter((r) => r.correct).length);
    expect(column.accuracy).toBeCloseTo(column.correct / column.graded);
    expect(column.triggers.stall).toBe(adaptive.reduce((sum, r) => sum + r.metrics.reflections, 0));
    const outcomes = Object.values(matrix.total.outcomes).reduce((sum, n) => sum + n, 0);
    expect(outcomes).toBe(12);
  });

  it('leaves a cell empty where a cancelled matrix has no run', async () => {
    const rows = (await runMatrix(scenarios, configs)).slice(0, 3);
    const matrix = buildEvalMatrix(rows, scenarios, ['react+off', 'react+adaptive']);
    expect(matrix.rows).toHaveLength(2);
    expect(matrix.rows[1]?.cells[0]).not.toBeNull();
    expect(matrix.rows[1]?.cells[1]).toBeNull();
  });
});

describe('verdicts', () => {
  it('adaptive gating on the clear-cut suite: no reflections, same accuracy, fewer tokens than fixed', async () => {
    const rows = await runMatrix(clearCut(), evalPresets(['react+fixed', 'react+adaptive']));
    const [verdict, ...rest] = evalVerdicts(rows);
    expect(rest).toEqual([]);
    expect(verdict).toMatchObject({
      subject: 'react+adaptive',
      baseline: 'react+fixed',
      group: 'clear-cut',
      kind: 'cost',
    });
    expect(verdict?.text).toMatch(
      /^react\+adaptive: 0 reflections on 4\/4 clear-cut scenarios, same accuracy, \d+% fewer tokens than react\+fixed$/,
    );
  });

  it('ReflAct on the multi-hop suite: the accuracy gap comes first, with what it costs', async () => {
    const multiHop = builtinScenarios().filter((s) => s.tags.includes('multi-hop'));
    const rows = await runMatrix(multiHop, evalPresets(['react+adaptive', 'reflact+adaptive']), 5);
    const matrix = buildEvalMatrix(rows, multiHop);
    const [react, reflact] = matrix.columns.map((column) => Math.round(100 * column.accuracy!));
    expect(reflact).toBeGreaterThan(react!);
    const [verdict] = evalVerdicts(rows);
    expect(verdict?.kind).toBe('accuracy');
    expect(verdict?.text).toMatch(
      new RegExp(
        `^reflact\\+adaptive: ${reflact}% correct on multi-hop vs ${react}% for react\\+adaptive, \\d+% more tokens$`,
      ),
    );
  });

  it('compares configs that differ in one thing, accuracy sentences first', async () => {
    const scenarios = [builtin('rca-search-stall'), builtin('rca-checkout-latency')];
    const rows = await runMatrix(scenarios, DEFAULT_EVAL_CONFIGS);
    const verdicts = evalVerdicts(rows);
    expect(verdicts.map((v) => `${v.subject} vs ${v.baseline}`).sort()).toEqual([
      'react+adaptive vs react+fixed',
      'react+adaptive vs react+off',
      'react+fixed vs react+off',
      'reflact+adaptive vs react+adaptive',
    ]);
    const kinds = verdicts.map((v) => v.kind);
    expect(kinds.indexOf('cost')).toBeGreaterThan(kinds.lastIndexOf('accuracy'));
    expect(verdicts[0]?.text).toMatch(
      /^react\+(fixed|adaptive): 100% correct on stalling vs 0% for react\+off/,
    );
  });

  it('says when two configs ran alike', async () => {
    const rows = await runMatrix(
      [builtin('shopops-happy')],
      evalPresets(['react+off', 'react+adaptive']),
    );
    expect(evalVerdicts(rows).map((v) => v.text)).toEqual([
      'react+adaptive: same as react+off on clear-cut (accuracy, reflections and tokens)',
    ]);
  });

  it('sums up a single config in one sentence', async () => {
    const rows = await runMatrix([builtin('shopops-happy')], evalPresets(['react+off']));
    expect(evalVerdicts(rows)).toEqual([
      expect.objectContaining({
        kind: 'summary',
        text: expect.stringMatching(
          /^react\+off: 100% correct over 1 scenario, \d+ calls and [\d,]+ tokens per run$/,
        ),
      }),
    ]);
  });

  it('has nothing to say about no rows', () => {
    expect(evalVerdicts([])).toEqual([]);
  });

  it('leaves failed runs out: an unreachable endpoint says nothing about a config', async () => {
    const jobs = buildEvalJobs(
      [builtin('shopops-happy'), builtin('rca-search-stall')],
      evalPresets(['react+off', 'react+adaptive']),
    );
    const failed = jobs.map((job) => failedRunRow(job));
    expect(evalVerdicts(failed)).toEqual([]);
    const ran = await runMatrix(
      [builtin('shopops-happy')],
      evalPresets(['react+off', 'react+adaptive']),
    );
    expect(evalVerdicts([...ran, ...failed.slice(2)])).toEqual(evalVerdicts(ran));
  });
});

describe('export', () => {
  it('JSON rows have exactly the keys of `loop eval --json`', async () => {
    const rows = await runMatrix([builtin('shopops-happy')], DEFAULT_EVAL_CONFIGS);
    for (const row of evalJsonRows(rows)) {
      expect(Object.keys(row).sort()).toEqual(
        ['config', 'correct', 'metrics', 'scenario', 'stopReason', 'tags'].sort(),
      );
    }
    expect(JSON.parse(evalJson(rows))).toEqual(JSON.parse(JSON.stringify(evalJsonRows(rows))));
  });

  it('CSV: a header line, one line per run, the fields in column order', async () => {
    const rows = await runMatrix([builtin('rca-search-stall')], evalPresets(['react+adaptive']), 2);
    const csv = evalCsv(rows, [builtin('rca-search-stall')]);
    expect(csv.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    const records = parseCsv(csv);
    expect(records).toHaveLength(3);
    expect(records[0]).toEqual([...CSV_COLUMNS]);
    const fields = records[1]!;
    expect(fields).toHaveLength(CSV_COLUMNS.length);
    const at = (column: (typeof CSV_COLUMNS)[number]) => fields[CSV_COLUMNS.indexOf(column)];
    expect(at('scenario')).toBe('rca-search-stall');
    expect(at('tags')).toBe('stalling rca');
    expect(at('config')).toBe('react+adaptive');
    expect(at('seed')).toBe('1');
    expect(at('outcome')).toBe(runOutcome(rows[0]!));
    expect(Number(at('reflections_stall'))).toBe(rows[0]!.triggers.stall);
    expect(at('title')).toBe(builtin('rca-search-stall').title); // it has a comma
    expect(csv).toContain(`,"${builtin('rca-search-stall').title}",`);
  });

  it('on an endpoint: its name and model in every row of both exports, nothing else of it', async () => {
    const rows = await runMatrix([builtin('rca-search-stall')], evalPresets(['react+off']), 2);
    const endpoint = { name: '=Local, "llama"', model: 'qwen2.5:7b' };
    const records = parseCsv(evalCsv(rows, [], endpoint));
    expect(records[0]).toEqual([...CSV_COLUMNS, ...CSV_ENDPOINT_COLUMNS]);
    // A name that starts like a formula is defused; its comma and quotes are quoted.
    expect(records.slice(1).map((fields) => fields.slice(-2))).toEqual([
      ['\'=Local, "llama"', 'qwen2.5:7b'],
      ['\'=Local, "llama"', 'qwen2.5:7b'],
    ]);
    const json = JSON.parse(evalJson(rows, endpoint)) as Record<string, unknown>[];
    expect(json.map((row) => row['endpoint'])).toEqual([endpoint, endpoint]);
    expect(json.map(({ endpoint: _endpoint, ...row }) => row)).toEqual(
      JSON.parse(JSON.stringify(evalJsonRows(rows))),
    );
    // On the built-in models both stay exactly as `loop eval` has them.
    expect(evalCsv(rows, [], null)).toBe(evalCsv(rows));
    expect(evalJson(rows, null)).toBe(evalJson(rows));
  });

  it('CSV escaping: commas, quotes and line breaks are quoted, quotes doubled', async () => {
    const rows = await runMatrix([builtin('shopops-happy')], evalPresets(['react+off']));
    const title = 'Happy path, "quoted"\nsecond line';
    const csv = evalCsv(rows, [{ id: 'shopops-happy', title }]);
    expect(csv).toContain(`,"Happy path, ""quoted""\nsecond line",`);
    const records = parseCsv(csv);
    expect(records).toHaveLength(2);
    expect(records[1]?.[1]).toBe(title);
    expect(records[1]).toHaveLength(CSV_COLUMNS.length);
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(3)).toBe('3');
    expect(csvField(null)).toBe('');
    expect(csvField(false)).toBe('false');
  });

  it('CSV: text a spreadsheet would run as a formula is defused', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
  });

  it('a run that threw is an error row with zero metrics', () => {
    const scenario = builtin('shopops-happy');
    const [job] = buildEvalJobs([scenario], evalPresets(['react+off']));
    const row = failedRunRow(job!);
    expect(row).toMatchObject({ stopReason: 'error', correct: false, label: 'react+off' });
    expect(runOutcome(row)).toBe('error');
    expect(row.metrics.llmCalls).toBe(0);
  });
});
