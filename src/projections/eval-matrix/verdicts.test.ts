import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../engine';
import { builtinScenarios, findBuiltin } from '../../scenarios';
import { buildEvalJobs, DEFAULT_EVAL_CONFIGS, evalPresets } from './jobs';
import { buildEvalMatrix } from './matrix';
import { failedRunRow } from './rows';
import { runMatrix } from './testing';
import { evalVerdicts } from './verdicts';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

const clearCut = () => builtinScenarios().filter((scenario) => scenario.tags.includes('clear-cut'));

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

describe('verdicts on attempts', () => {
  it('3 attempts against 1: the accuracy the retries bought and the calls they cost', async () => {
    const rows = await runMatrix(
      [builtin('triage-priority-retry')],
      evalPresets(['react+off', 'react×3']),
    );
    const [verdict, ...rest] = evalVerdicts(rows);
    expect(rest).toEqual([]);
    expect(verdict).toMatchObject({
      subject: 'react×3',
      baseline: 'react+off',
      kind: 'accuracy',
    });
    const calls = (label: string) =>
      rows.filter((row) => row.label === label).reduce((sum, row) => sum + row.metrics.llmCalls, 0);
    const ratio = Math.round((10 * calls('react×3')) / calls('react+off')) / 10;
    expect(ratio).toBeGreaterThan(1);
    expect(verdict?.text).toBe(
      `react×3 (3 attempts): 100% correct on attempts vs 0% for react+off (1 attempt), ${ratio}× the calls`,
    );
  });

  it('the reward source is a column too: the judge against the verifier, and what it costs', async () => {
    const rows = await runMatrix(
      [builtin('triage-priority-retry')],
      evalPresets(['react×3', 'react×3+judge']),
    );
    const [verdict, ...rest] = evalVerdicts(rows);
    expect(rest).toEqual([]);
    expect(verdict).toMatchObject({ subject: 'react×3+judge', baseline: 'react×3', kind: 'cost' });
    // The judge's call closes each attempt: 2 more calls over the verifier's 6.
    expect(verdict?.text).toMatch(
      /^react×3\+judge \(model-judge reward\): on attempts, same accuracy, 1\.3× the calls, \d+% more tokens than react×3 \(verifier reward\)$/,
    );
  });

  it('no reward check against the verifier: every attempt reflected on, named as such', async () => {
    const rows = await runMatrix(
      [builtin('triage-priority-retry')],
      evalPresets(['react×3+no_check', 'react×3']),
    );
    const [verdict] = evalVerdicts(rows);
    expect(verdict?.subject).toBe('react×3+no_check');
    expect(verdict?.text).toMatch(
      /^react×3\+no_check \(no reward check\): .* than react×3 \(verifier reward\)$/,
    );
  });

  it('the history scope is a column too: cross_task against cross_trajectory memory', async () => {
    const rows = await runMatrix(
      [builtin('triage-priority-retry')],
      evalPresets(['react×3', 'react×3+cross_task']),
    );
    const [verdict] = evalVerdicts(rows);
    expect(verdict?.subject).toBe('react×3+cross_task');
    expect(verdict?.text).toMatch(
      /^react×3\+cross_task \(cross_task memory\): same as react×3 \(cross_trajectory memory\)/,
    );
  });
});
