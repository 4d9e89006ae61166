import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type ConfigOverrides, type Scenario } from '../engine';
import { builtinScenarios } from '../scenarios';
import { alignRuns } from './align';
import {
  describeCall,
  reflectionConclusion,
  rowCaption,
  stepCaption,
  thirdPerson,
  type CaptionLane,
} from './captions';

const scenarios = builtinScenarios();

function scenarioOf(id: string): Scenario {
  const scenario = scenarios.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
}

/** One lane: the scenario run on its built-in model under the overrides. */
async function lane(id: string, label: string, overrides: ConfigOverrides = {}) {
  const scenario = scenarioOf(id);
  const trace = await runScenario(scenario, scenarioConfig(scenario, overrides));
  const captionLane: CaptionLane = { label, trace };
  return {
    scenario,
    lane: captionLane,
    caption: (index: number) => stepCaption(scenario, captionLane, index),
  };
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

describe('verbs', () => {
  it('put a verb in the third person', () => {
    expect(['search', 'check', 'look', 'try', 'say', 'fix'].map(thirdPerson)).toEqual([
      'searches',
      'checks',
      'looks',
      'tries',
      'says',
      'fixes',
    ]);
  });
});

describe('a tool call in words', () => {
  it('reads the built-in tools from the phrasebook', () => {
    const help = scenarioOf('returns-laptop');
    const rca = scenarioOf('rca-checkout-latency');
    expect(describeCall('rag_search', { query: 'refund processing time' }, help)).toMatchObject({
      verb: 'search',
      rest: 'the help centre for “refund processing time”',
    });
    expect(describeCall('list_deploys', { service: 'checkout' }, rca)).toMatchObject({
      verb: 'look',
      rest: 'at the deploys of checkout',
    });
    expect(
      describeCall('get_metrics', { service: 'checkout', metric: 'db_pool_wait_ms' }, rca).rest,
    ).toBe('the db pool wait ms metric of checkout');
  });

  it('falls back to the documents when a search tool does not say what it searches', () => {
    const german = scenarioOf('dg-agentur-contact');
    expect(describeCall('rag_search', { query: 'Öffnungszeiten' }, german).rest).toBe(
      'the documents for “Öffnungszeiten”',
    );
  });

  it('names any other tool with its arguments', () => {
    const words = describeCall(
      'open_valve',
      { valve_id: 'V-7', force: true },
      scenarioOf('shopops-happy'),
    );
    expect(words).toMatchObject({
      verb: 'call',
      rest: 'open_valve with valve id “V-7”, force “true”',
    });
  });
});

describe('what a reflection concluded', () => {
  it('keeps the reason of its best next action', () => {
    expect(
      reflectionConclusion(
        'No evidence yet. Best next action: tool:search_logs service=x, because the gateway may time out. Termination check: keep gathering.',
      ),
    ).toBe('The gateway may time out.');
  });

  it('keeps its best next action when it gives no reason', () => {
    expect(
      reflectionConclusion(
        'Evidence so far: a lot. Best next action: answer. Termination check: answer next.',
      ),
    ).toBe('Best next action: answer.');
  });

  it('keeps plain prose as it is, clipped', () => {
    expect(reflectionConclusion('I keep asking for the same order.')).toBe(
      'I keep asking for the same order.',
    );
    expect(reflectionConclusion('word '.repeat(100), 20)).toHaveLength(20);
  });
});

describe('a step in words', () => {
  it('says what a ReAct action did, what came back and what the model thought', async () => {
    const { caption } = await lane('returns-laptop', 'ReAct', { mode: 'react', seed: 2 });
    expect(caption(0)).toMatchObject({
      kind: 'action',
      what: 'Searches the help centre for “return opened laptop electronics”.',
      sentence: 'ReAct searches the help centre for “return opened laptop electronics”.',
      result: 'Finds 4 results.',
      quote: {
        label: 'Thinks',
        text: 'First find whether an opened laptop can be returned, and at what cost.',
      },
      guard: null,
      correct: null,
    });
  });

  it('quotes ReflAct taking stock, and calls a second search a search again', async () => {
    const { caption } = await lane('returns-laptop', 'ReflAct', { mode: 'reflact', seed: 2 });
    expect(caption(1)).toMatchObject({
      short: 'searches again',
      quote: {
        label: 'Takes stock',
        text: 'Not there yet. Next: The customer also asks when the money comes back: find the refund time.',
      },
    });
  });

  it('grades a wrong answer and names what it leaves out', async () => {
    const { caption } = await lane('returns-laptop', 'ReAct', { mode: 'react', seed: 2 });
    const answer = caption(1);
    expect(answer).toMatchObject({ kind: 'answer', what: 'Answers.', correct: false });
    expect(answer?.verdict).toBe('ReAct’s answer is wrong: it never mentions “5-7 business days”.');
    expect(answer?.quote?.label).toBe('Answer');
    expect(answer?.quote?.text).toMatch(/^Yes: opened electronics can be returned/);
  });

  it('grades a right answer', async () => {
    const { caption } = await lane('returns-laptop', 'ReflAct', { mode: 'reflact', seed: 2 });
    expect(caption(2)).toMatchObject({ correct: true, verdict: 'ReflAct’s answer is correct.' });
  });

  it('says a stall reflection came because the last tool call found nothing new, and what it concluded', async () => {
    const { caption } = await lane('rca-search-stall', 'Adaptive', {
      mode: 'react',
      reflection: { gating: 'adaptive' },
    });
    expect(caption(0)?.kind).toBe('empty');
    expect(caption(0)?.result).toBe('Finds nothing.');
    expect(caption(1)).toMatchObject({
      kind: 'reflection',
      what: 'Stops to reflect because its last log search found nothing new.',
      sentence: 'Adaptive stops to reflect because its last log search found nothing new.',
      why: 'because its last log search found nothing new',
      quote: {
        label: 'Concludes',
        text: 'The timeouts may happen before search-api, at the gateway: read its logs.',
      },
    });
  });

  it('says a cadence reflection came on schedule', async () => {
    const { caption } = await lane('rca-checkout-latency', 'Fixed', {
      mode: 'react',
      reflection: { gating: 'fixed' },
    });
    expect(caption(3)).toMatchObject({
      kind: 'reflection',
      why: 'on schedule, after every 3 tool calls, whatever they found',
      quote: { label: 'Concludes', text: 'Best next action: answer.' },
    });
  });

  it('says a reflection after a blocked repeat came because the call only repeated an earlier one', async () => {
    const { caption } = await lane('shopops-hostile-loop', 'ReAct', { duplicates: 'block' });
    expect(caption(2)?.why).toBe('because its last lookup only repeated an earlier one');
  });

  it('says the duplicate guard stopped a repeated call, and what the lane got back', async () => {
    const { caption } = await lane('shopops-hostile-loop', 'ReAct', { duplicates: 'block' });
    expect(caption(1)).toMatchObject({
      kind: 'denied',
      result: 'Gets back what step 0 already returned.',
      guard:
        'The duplicate guard stopped a repeated call to get_order: ReAct gets back what it already had.',
    });
  });

  it('says the duplicate guard handed the case to a person', async () => {
    const { caption } = await lane('shopops-hostile-loop', 'ReAct');
    expect(caption(1)).toMatchObject({
      kind: 'escalation',
      what: 'Tries to look up order O-1001 again.',
      guard:
        'The duplicate guard stopped a repeated call to get_order and handed the case to a person.',
    });
  });

  it('says the evidence guard rejected an answer that cited nothing it had seen', async () => {
    const { caption } = await lane('shopops-fabricated-agreement', 'ReAct');
    expect(caption(2)).toMatchObject({
      kind: 'escalation',
      what: 'Tries to answer.',
      guard:
        'The evidence guard rejected an answer that cited nothing it had seen, and handed the case to a person.',
      quote: { label: 'Withheld answer' },
    });
  });

  it('says an answer went out unchecked with the evidence guard off, and should not have', async () => {
    const { caption } = await lane('shopops-fabricated-agreement', 'Guards off', {
      fabricationGuard: false,
    });
    expect(caption(2)).toMatchObject({
      kind: 'answer',
      correct: false,
      guard:
        'The evidence guard is off, so an answer that claims more than the run saw goes out unchecked.',
      verdict: 'Guards off’s answer should not have gone out: this case needs a person.',
    });
  });

  it('says a prose reply stopped the run, or was asked again', async () => {
    const escalated = await lane('shopops-prose-reply', 'Escalate');
    expect(escalated.caption(1)).toMatchObject({
      kind: 'escalation',
      guard:
        'The model’s reply was neither a tool call nor an answer, so the run stops and hands the case to a person.',
      quote: { label: 'Reply' },
    });
    const asked = await lane('shopops-prose-reply', 'Reprompt', { unparseable: 'reprompt' });
    expect(asked.caption(1)).toMatchObject({
      kind: 'reprompt',
      short: 'replies in prose',
      guard: 'The model’s reply was neither a tool call nor an answer, so the loop asks it again.',
    });
  });

  it('says the stall guard stopped a run', async () => {
    const { caption, lane: stalled } = await lane('rca-search-stall', 'No reflection', {
      mode: 'react',
      reflection: { gating: 'off' },
    });
    expect(stalled.trace.stopReason).toBe('stalled');
    expect(caption(2)?.guard).toBe(
      'The stall guard stopped No reflection: 3 tool calls in a row found nothing new.',
    );
  });

  it('says the step budget ran out', async () => {
    const { caption, lane: budget } = await lane('rca-search-stall', 'Budget', {
      maxSteps: 2,
      stallExit: 9,
      reflection: { gating: 'off' },
    });
    expect(budget.trace.stopReason).toBe('max_steps');
    expect(caption(1)?.guard).toBe(
      'The step budget ran out: Budget used all 2 steps without an answer.',
    );
  });

  it('says a checker rejected a first attempt, and the lane started over', async () => {
    const { caption } = await lane('triage-priority-retry', 'Two attempts', { attempts: 2 });
    expect(caption(1)).toMatchObject({
      correct: false,
      verdict: 'A checker finds Two attempts’ answer wrong, so it tries again.',
    });
    expect(caption(2)).toMatchObject({ kind: 'attempt', short: 'starts over' });
    expect(caption(5)).toMatchObject({
      correct: true,
      verdict: 'Two attempts’ answer is correct.',
    });
  });

  it('says an early answer came because the search looked sure enough', async () => {
    const { caption } = await lane('returns-laptop', 'Early', { highConfidence: true, seed: 2 });
    expect(caption(1)?.what).toBe('Answers early: its search looked sure enough.');
  });

  it('is null past the last step', async () => {
    const { caption } = await lane('shopops-happy', 'ReAct');
    expect(caption(99)).toBeNull();
  });
});

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
        text: 'Here the runs part ways: ReflAct searches again, ReAct answers. ReflAct first takes stock: “Not there yet. Next: The customer also asks when the money comes back: find the refund time.”',
        moment: 'ReflAct reflects and the runs part ways',
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
      text: 'No reflection checks the latency p99 metric of search-api; Adaptive reads the logs of search-gateway (today). The stall guard stopped No reflection: 3 tool calls in a row found nothing new.',
      moment: 'The stall guard stops No reflection',
    });
    expect(captions[4]).toEqual({
      text: 'Adaptive answers; No reflection has already stopped. Adaptive’s answer is correct.',
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
