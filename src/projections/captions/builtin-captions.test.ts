import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type Scenario, type Trace } from '../../engine';
import { builtinScenarios } from '../../scenarios';
import { alignRuns } from '../align';
import { rowCaption } from './row-caption';
import { stepCaption } from './step-caption';

/**
 * Every caption of every built-in scenario, in each mode and gating: what the presenter would
 * say. They must read as people write (issue 14: "Checks the db pool wait ms metric").
 */
const MODES = ['react', 'reflact', 'act'] as const;
const GATINGS = ['off', 'fixed', 'adaptive'] as const;

/** An identifier a person would not write in a sentence: `db_pool_wait_ms`, `get_order`. */
const IDENTIFIER = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/;

async function runs(scenario: Scenario): Promise<Trace[]> {
  const traces: Trace[] = [];
  for (const mode of MODES) {
    for (const gating of GATINGS) {
      const config = scenarioConfig(scenario, { mode, reflection: { gating }, seed: 1 });
      traces.push(await runScenario(scenario, config));
    }
  }
  return traces;
}

/** Every caption text of a run: each step's words, and each row's beside the first run. */
function captionTexts(scenario: Scenario, traces: readonly Trace[]): string[] {
  const texts: string[] = [];
  const lanes = traces.map((trace, index) => ({ label: `Lane ${index + 1}`, trace }));
  for (const lane of lanes) {
    lane.trace.steps.forEach((_, index) => {
      const caption = stepCaption(scenario, lane, index);
      if (!caption) return;
      const { what, short, result, why, guard } = caption;
      texts.push(...[what, short, result, why, guard].filter((text) => text !== null));
    });
    const pair = [lanes[0]!, lane];
    const alignment = alignRuns(pair.map((one) => one.trace.steps));
    alignment.rows.forEach((_, row) => {
      const caption = rowCaption(scenario, pair, alignment, row);
      if (caption) texts.push(caption.text);
    });
  }
  return texts;
}

/**
 * The identifiers the runs' tool calls passed that the scenario has no term for, split into
 * words ("lock_wait_ms" → "lock wait ms"): words made up from an identifier.
 */
function splitIdentifiers(scenario: Scenario, traces: readonly Trace[]): string[] {
  const found = new Set<string>();
  for (const trace of traces) {
    for (const step of trace.steps) {
      const action = step.decision.action;
      if (!action) continue;
      const terms = scenario.tools.find((tool) => tool.name === action.tool)?.phrase?.terms ?? {};
      for (const [key, value] of Object.entries(action.args)) {
        for (const text of [key, typeof value === 'string' ? value : '']) {
          if (IDENTIFIER.test(text) && !(text in terms)) found.add(text.replace(/_/g, ' '));
        }
      }
    }
  }
  return [...found];
}

describe('the built-in scenarios’ captions', () => {
  for (const scenario of builtinScenarios()) {
    it(`${scenario.id}: no identifier, whole or split into words`, async () => {
      const traces = await runs(scenario);
      const texts = captionTexts(scenario, traces);
      expect(texts.length).toBeGreaterThan(0);
      expect(texts.filter((text) => IDENTIFIER.test(text))).toEqual([]);
      const split = splitIdentifiers(scenario, traces);
      expect(texts.filter((text) => split.some((words) => text.includes(words)))).toEqual([]);
    });
  }

  it('names a metric as people write it, units and all', async () => {
    const scenario = builtinScenarios().find((one) => one.id === 'rca-checkout-latency')!;
    const lane = { label: 'ReAct', trace: (await runs(scenario))[0]! };
    const whats = lane.trace.steps.map((_, index) => stepCaption(scenario, lane, index)?.what);
    expect(whats).toContain('Checks the DB pool wait (ms) metric of checkout.');
  });
});
