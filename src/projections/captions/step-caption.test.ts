import { describe, expect, it } from 'vitest';
import {
  parseScenario,
  runScenario,
  scenarioConfig,
  type ConfigOverrides,
  type Scenario,
} from '../../engine';
import { builtinScenarios } from '../../scenarios';
import { stepCaption } from './step-caption';
import type { CaptionLane } from './types';

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
      guard: 'The duplicate guard stopped a repeated lookup: ReAct gets back what it already had.',
    });
  });

  it('says the duplicate guard handed the case to a person', async () => {
    const { caption } = await lane('shopops-hostile-loop', 'ReAct');
    expect(caption(1)).toMatchObject({
      kind: 'escalation',
      what: 'Tries to look up order O-1001 again.',
      guard: 'The duplicate guard stopped a repeated lookup and handed the case to a person.',
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

describe('a step of a user’s own scenario in words', () => {
  it('reads a call of a tool Loopscope does not know, and one with the scenario’s own phrase', async () => {
    const scenario = parseScenario({
      format: 'loopscope.scenario',
      version: 1,
      id: 'users-own',
      title: 'A user’s own',
      task: 'Which orders are late?',
      tools: [
        {
          name: 'search_orders',
          description: 'Search orders',
          parameters: { type: 'object', properties: { status: { type: 'string' } } },
        },
        {
          name: 'notify_customer',
          description: 'Tell a customer',
          parameters: { type: 'object', properties: { order_id: { type: 'string' } } },
          phrase: { words: 'write to the customer of order {order_id}' },
        },
      ],
      fixtures: [
        { tool: 'search_orders', args: { status: 'late' }, result: [{ id: 'O-7' }] },
        { tool: 'notify_customer', args: { order_id: 'O-7' }, result: { sent: true } },
      ],
      model: {
        kind: 'scripted',
        turns: [
          'Thought: find them\nAction: tool:search_orders status=late',
          'Thought: tell them\nAction: tool:notify_customer order_id=O-7',
          'Action: answer O-7 is late; its customer knows.',
        ],
      },
    });
    const trace = await runScenario(scenario, scenarioConfig(scenario, { mode: 'react' }));
    const lane: CaptionLane = { label: 'Mine', trace };
    expect(stepCaption(scenario, lane, 0)).toMatchObject({
      what: 'Searches orders with status “late”.',
      sentence: 'Mine searches orders with status “late”.',
      result: 'Finds 1 result.',
    });
    expect(stepCaption(scenario, lane, 1)).toMatchObject({
      what: 'Writes to the customer of order O-7.',
      plural: 'write to the customer of order O-7',
    });
  });
});
