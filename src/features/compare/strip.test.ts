import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type Gating, type Trace } from '../../engine';
import { alignRuns } from '../../projections/align';
import { builtinScenarios } from '../../scenarios';
import { buildStrip, cellTone, describeStep, shownRows, type StripLane } from './strip';

const stall = builtinScenarios().find((scenario) => scenario.id === 'rca-search-stall');
if (!stall) throw new Error('rca-search-stall is a built-in scenario');
const runWith = (gating: Gating, fork?: { trace: Trace; atStep: number }) =>
  runScenario(stall, scenarioConfig(stall, { reflection: { gating } }), fork ? { fork } : {});

const lane = (label: string, trace: Trace, extra: Partial<StripLane> = {}): StripLane => ({
  label,
  steps: trace.steps,
  forkOfAbove: null,
  ...extra,
});

describe('the aligned-steps strip', () => {
  it('has a column per aligned row with a cell per lane, gaps empty', async () => {
    const [off, fixed] = await Promise.all([runWith('off'), runWith('fixed')]);
    const columns = buildStrip(alignRuns([off.steps, fixed.steps]), [
      lane('Off', off),
      lane('Fixed', fixed),
    ]);
    expect(columns).toHaveLength(fixed.steps.length);
    const last = columns[columns.length - 1];
    expect(last?.cells.map((cell) => cell.step)).toEqual([null, fixed.steps.length - 1]);
    expect(last?.cells[0]?.tone).toBeNull();
    expect(last?.cells[1]?.tone).toBe('answer');
    expect(columns[3]?.cells[1]?.tone).toBe('reflection');
    expect(columns[0]?.cells[0]?.tone).toBe('empty');
  });

  it('marks the first row where the lanes part ways and says what each did', async () => {
    const [off, adaptive] = await Promise.all([runWith('off'), runWith('adaptive')]);
    const columns = buildStrip(alignRuns([off.steps, adaptive.steps]), [
      lane('Off', off),
      lane('Adaptive', adaptive),
    ]);
    expect(columns.map((column) => column.divergence)).toEqual([false, true, false, false, false]);
    expect(columns[1]?.label).toBe(
      'Row 2, differs: Off: step 1, get_metrics(service: "search-api", metric: "error_rate"), nothing found; Adaptive: step 1, reflection (stall)',
    );
  });

  it('draws a fork’s replayed prefix once, across the fork and its source', async () => {
    const adaptive = await runWith('adaptive');
    const forked = await runWith('off', { trace: adaptive, atStep: 1 });
    const columns = buildStrip(alignRuns([adaptive.steps, forked.steps]), [
      lane('Adaptive', adaptive),
      lane('Fork', forked, { forkOfAbove: { atStep: 1 } }),
    ]);
    expect(columns[0]?.cells).toHaveLength(1);
    expect(columns[0]?.cells[0]?.span).toBe(2);
    expect(columns[0]?.cells[0]?.title).toMatch(/shared with Fork/);
    expect(columns[1]?.cells.map((cell) => cell.span)).toEqual([1, 1]);
  });

  it('names the colour and the words of each kind of step', async () => {
    const fixed = await runWith('fixed');
    expect(fixed.steps.map(cellTone)).toEqual([
      'empty',
      'empty',
      'empty',
      'reflection',
      'tool',
      'tool',
      'answer',
    ]);
    expect(describeStep(fixed.steps[3]!)).toBe('reflection (cadence)');
    expect(describeStep(fixed.steps[6]!)).toBe('answer');
  });
});

describe('the rows the lanes show', () => {
  it('are the rows of each lane’s cursor, or of its newest step', async () => {
    const [off, adaptive] = await Promise.all([runWith('off'), runWith('adaptive')]);
    const alignment = alignRuns([off.steps, adaptive.steps]);
    expect(
      shownRows(alignment, [
        { steps: off.steps, cursor: null },
        { steps: adaptive.steps, cursor: 1 },
      ]),
    ).toEqual([2, 1]);
    expect(shownRows(alignment, [{ steps: [], cursor: null }])).toEqual([null]);
  });
});
