import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type ConfigOverrides, type Scenario } from '../../engine';
import { builtinScenarios } from '../../scenarios';
import { alignRuns } from '../align';
import { rowCaption } from './row-caption';

const scenarios = builtinScenarios();

function scenarioOf(id: string): Scenario {
  const scenario = scenarios.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
}

/** Two lanes of one scenario, aligned, with a caption per row. */
async function rows(id: string, lanes: readonly [string, ConfigOverrides][]) {
  const scenario = scenarioOf(id);
  const captionLanes = await Promise.all(
    lanes.map(async ([label, overrides]) => ({
      label,
      trace: await runScenario(scenario, scenarioConfig(scenario, overrides)),
    })),
  );
  const alignment = alignRuns(captionLanes.map((one) => one.trace.steps));
  return alignment.rows.map((_, row) => rowCaption(scenario, captionLanes, alignment, row));
}

describe('a row in words', () => {
  it('ReAct vs ReflAct: the same first search, then they part ways, then the grades', async () => {
    const captions = await rows('returns-laptop', [
      ['ReAct', { mode: 'react', seed: 2 }],
      ['ReflAct', { mode: 'reflact', seed: 2 }],
    ]);
    expect(captions).toEqual([
      {
        text: 'Both runs search the help centre for “return opened laptop electronics”. Both find 4 results.',
        moment: null,
      },
      {
        text: 'Here the runs part ways: ReflAct searches again, ReAct answers. ReflAct first takes stock (its state reflection, part of the action call, not a reflection phase): “Not there yet. Next: The customer also asks when the money comes back: find the refund time.”',
        moment: 'ReflAct takes stock of its state and the runs part ways',
      },
      {
        text: 'Both runs answer. ReAct’s answer is wrong: it never mentions “5-7 business days”. ReflAct’s answer is correct.',
        moment: null,
      },
    ]);
  });

  it('adaptive vs fixed: only the fixed cadence reflects, and both answers are correct', async () => {
    const captions = await rows('rca-checkout-latency', [
      ['Fixed cadence', { mode: 'react', reflection: { gating: 'fixed' }, seed: 1 }],
      ['Adaptive', { mode: 'react', reflection: { gating: 'adaptive' }, seed: 1 }],
    ]);
    expect(captions.map((caption) => caption?.moment)).toEqual([
      null,
      null,
      null,
      'Fixed cadence reflects and the runs part ways',
      null,
    ]);
    expect(captions[2]?.text).toBe(
      'Both runs look at the deploys of checkout. Both find 1 result.',
    );
    expect(captions[3]?.text).toBe(
      'Here the runs part ways: Fixed cadence stops to reflect, Adaptive answers. Fixed cadence reflects on schedule, after every 3 tool calls, whatever they found. It concludes: “Best next action: answer.”',
    );
    expect(captions[4]?.text).toBe('Both runs answer. Both answers are correct.');
  });

  it('off vs adaptive: the reflection, the stall guard, then a lane that has stopped', async () => {
    const captions = await rows('rca-search-stall', [
      ['No reflection', { mode: 'react', reflection: { gating: 'off' } }],
      ['Adaptive', { mode: 'react', reflection: { gating: 'adaptive' } }],
    ]);
    expect(captions[1]).toEqual({
      text: 'Here the runs part ways: Adaptive stops to reflect, No reflection checks the error rate metric of search-api. Adaptive reflects because its last log search found nothing new. It concludes: “The timeouts may happen before search-api, at the gateway: read its logs.”',
      moment: 'Adaptive reflects and the runs part ways',
    });
    expect(captions[2]).toEqual({
      text: 'No reflection checks the p99 latency metric of search-api; Adaptive reads the logs of search-gateway (today). The stall guard stopped No reflection: 3 tool calls in a row found nothing new.',
      moment: 'The stall guard stops No reflection',
    });
    expect(captions[4]).toEqual({
      text: 'Adaptive answers; the No reflection run has already ended. Adaptive’s answer is correct.',
      moment: null,
    });
  });

  it('says once what both lanes concluded when they reflect alike', async () => {
    const captions = await rows('rca-search-stall', [
      ['ReAct', { mode: 'react' }],
      ['ReflAct', { mode: 'reflact' }],
    ]);
    expect(captions[1]).toEqual({
      text: 'Both runs stop to reflect because their last log search found nothing new. They conclude: “The timeouts may happen before search-api, at the gateway: read its logs.”',
      moment: 'ReAct and ReflAct reflect',
    });
  });

  it('names one guard that stops both lanes once', async () => {
    const captions = await rows('shopops-hostile-loop', [
      ['Escalate', { duplicates: 'escalate' }],
      ['Block', { duplicates: 'block' }],
    ]);
    expect(captions[1]?.moment).toBe(
      'The duplicate guard stops Escalate and Block and the runs part ways',
    );
    expect(captions[1]?.text).toMatch(
      /^Here the runs part ways: Escalate gets stopped by a guard, Block looks up order O-1001\./,
    );
  });

  it('says what a lane with a gap does next where the runs part ways', async () => {
    const captions = await rows('rca-checkout-latency', [
      ['Adaptive', { mode: 'react', reflection: { gating: 'adaptive' } }],
      ['Fixed', { mode: 'react', reflection: { gating: 'fixed' } }],
    ]);
    expect(captions[3]?.text).toMatch(
      /^Here the runs part ways: Fixed stops to reflect, Adaptive answers\./,
    );
  });

  it('has no moments where the runs match, and is null past the last row', async () => {
    const captions = await rows('shopops-happy', [
      ['A', {}],
      ['B', {}],
    ]);
    expect(captions).toHaveLength(3);
    expect(captions.every((caption) => caption?.moment === null)).toBe(true);
    const scenario = scenarioOf('shopops-happy');
    const trace = await runScenario(scenario, scenarioConfig(scenario));
    const alignment = alignRuns([trace.steps, trace.steps]);
    expect(
      rowCaption(
        scenario,
        [
          { label: 'A', trace },
          { label: 'B', trace },
        ],
        alignment,
        9,
      ),
    ).toBeNull();
  });
});
