/**
 * Test helpers that drive the pure step function by hand: no runner, no clock, no model. Each
 * helper feeds one input and returns the new state with the effects it planned.
 */
import { resolveConfig, type ConfigOverrides } from '../config';
import type { Effect, LoopInput } from '../loop/kit';
import { initialState, type LoopState } from '../loop/state';
import { step } from '../loop/step';
import { parseScenario } from '../scenario';
import type { Scenario } from '../scenario/types';
import type { LoopEvent } from '../trace/events';

export interface Driven {
  readonly state: LoopState;
  readonly effects: readonly Effect[];
}

/** A small scenario: `lookup(key)` answers from fixtures, `search(query)` over a corpus. */
export function testScenario(extra: Record<string, unknown> = {}): Scenario {
  return parseScenario({
    format: 'loopscope.scenario',
    version: 1,
    id: 'test',
    title: 'Test',
    task: 'Find the value of key a.',
    tools: [
      {
        name: 'lookup',
        description: 'Look up a key',
        parameters: { type: 'object', properties: { key: { type: 'string' } } },
      },
      {
        name: 'rag_search',
        description: 'Search',
        parameters: { type: 'object', properties: { query: { type: 'string' } } },
      },
    ],
    fixtures: [
      { tool: 'lookup', args: { key: 'a' }, result: { value: 42 } },
      { tool: 'lookup', args: { key: 'b' }, result: { value: 7, agreed: true } },
      { tool: 'lookup', args: { key: 'none' }, result: [] },
    ],
    model: { kind: 'scripted', turns: [] },
    ...extra,
  });
}

export function start(
  scenario: Scenario = testScenario(),
  overrides: ConfigOverrides = {},
): Driven {
  const [state, effects] = step(initialState(scenario, resolveConfig(overrides)), {
    type: 'run-start',
  });
  return { state, effects };
}

export function feed(driven: Driven, input: LoopInput): Driven {
  const [state, effects] = step(driven.state, input);
  return { state, effects };
}

/** Feeds a model reply with fixed usage. */
export function reply(driven: Driven, text: string): Driven {
  return feed(driven, {
    type: 'model-call-end',
    text,
    toolCall: null,
    usage: { promptTokens: 10, completionTokens: 5 },
    usageEstimated: false,
    latencyMs: 0,
    ttftMs: null,
    reasoning: null,
  });
}

export function toolResult(driven: Driven, result: unknown, ok = true): Driven {
  return feed(driven, { type: 'tool-run-end', result: { ok, result } });
}

/** Replies with a tool call and feeds its result in one go. */
export function act(driven: Driven, action: string, result: unknown, ok = true): Driven {
  return toolResult(reply(driven, `Thought: next\nAction: ${action}`), result, ok);
}

export function events(driven: Driven): LoopEvent[] {
  return driven.effects.flatMap((effect) => (effect.type === 'emit' ? [effect.event] : []));
}

/** The purpose of the model call the last step planned, or null. */
export function plannedCall(driven: Driven): string | null {
  const call = driven.effects.find((effect) => effect.type === 'model-call');
  return call?.type === 'model-call' ? call.request.purpose : null;
}

export function plannedTool(driven: Driven): boolean {
  return driven.effects.some((effect) => effect.type === 'tool-run');
}

export function transitions(driven: Driven): string[] {
  return driven.state.path.toArray().map((entry) => entry.transition);
}
