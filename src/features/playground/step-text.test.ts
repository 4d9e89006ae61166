import { describe, expect, it } from 'vitest';
import type { LoopEvent, Observation } from '../../engine';
import { formatCall, guardDetails, observationTag, reflectionLines } from './step-text';

const observation = (extra: Partial<Observation>): Observation => ({
  ok: true,
  result: [],
  empty: false,
  ...extra,
});

describe('step row wording', () => {
  it('prints a tool call the way the CLI does', () => {
    expect(formatCall({ tool: 'get_order', args: { case_id: 'O-1001' } })).toBe(
      'get_order {"case_id":"O-1001"}',
    );
  });

  it('tags an observation as repeat before error, and error before empty', () => {
    expect(observationTag(observation({ repeatOf: 0, ok: false }))).toBe('repeat');
    expect(observationTag(observation({ ok: false, empty: true }))).toBe('error');
    expect(observationTag(observation({ empty: true }))).toBe('empty');
    expect(observationTag(observation({}))).toBe('ok');
  });

  it('shows the non-empty ReflAct parts, else the plain thought', () => {
    expect(reflectionLines({ state: 'S', discovery: '', goalRelation: 'G' }, 'x')).toEqual([
      'S',
      'G',
    ]);
    expect(reflectionLines(null, 'thought')).toEqual(['thought']);
    expect(reflectionLines(null, null)).toEqual([]);
  });

  it('finds what a guard said about a step in the run events', () => {
    const events: LoopEvent[] = [
      { type: 'attempt-start', attempt: 1 },
      {
        type: 'guard-trip',
        step: 1,
        guard: 'duplicate_tool_call',
        outcome: 'escalate',
        detail: 'already called',
      },
      { type: 'guard-trip', step: null, guard: 'max_steps', outcome: 'stop', detail: 'budget' },
    ];
    expect([...guardDetails(events)]).toEqual([[1, 'already called']]);
  });
});
