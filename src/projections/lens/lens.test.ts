import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Step } from '../../engine';
import { buildLens, lensOf, type LensMark } from './index';
import { CALL, configWith, handTrace } from './lens-fixtures';

const kinds = (marks: readonly LensMark[]) => marks.map((mark) => `${mark.kind}@${mark.step}`);
const get = (args: Record<string, unknown>, result: unknown) => ({ tool: 'get', args, result });

describe('a trace the guards would not have touched', () => {
  it('has no marks, and the summary says no guard would have stopped it', () => {
    const trace = handTrace([
      get({ id: 1 }, { a: 1 }),
      get({ id: 2 }, { a: 2 }),
      { answer: 'Done.' },
    ]);
    const lens = buildLens(trace, { config: DEFAULT_CONFIG });
    expect(lens.marks).toEqual([]);
    expect(lens.summary.stop).toBeNull();
    expect(lens.summary.text).toBe('No guard would have stopped this run under these settings.');
    expect(lens.summary.total).toEqual({
      modelCalls: 3,
      toolCalls: 2,
      tokens: 3 * (CALL.promptTokens + CALL.completionTokens),
      latencyMs: 3 * CALL.latencyMs,
    });
  });
});

describe('duplicate tool calls', () => {
  const trace = handTrace([
    get({ id: 1, verbose: true }, { a: 1 }),
    get({ id: 2 }, { a: 2 }),
    get({ verbose: true, id: 1 }, { a: 1 }),
    get({ id: 1, verbose: true, force_refresh: true }, { a: 3 }),
    { answer: 'Done.' },
  ]);

  it('names the call each repeats, by fingerprint (argument order does not matter)', () => {
    const lens = buildLens(trace, { config: configWith({ duplicates: 'escalate' }) });
    const duplicates = lens.marks.filter((mark) => mark.kind === 'duplicate');
    expect(duplicates).toMatchObject([{ step: 2, repeats: 0, outcome: 'escalate', stops: true }]);
    expect(duplicates[0]?.text).toBe(
      'would have escalated this call: it repeats the call of step 0',
    );
  });

  it('lets a call with force_refresh through, as the live guard does', () => {
    const lens = buildLens(trace, { config: configWith({ duplicates: 'escalate' }) });
    expect(lens.byStep.get(3)?.some((mark) => mark.kind === 'duplicate') ?? false).toBe(false);
  });

  it('with block, marks the repeat as blocked and counts its observation empty', () => {
    const lens = buildLens(trace, {
      config: configWith({ duplicates: 'block', reflection: { gating: 'off' } }),
    });
    expect(kinds(lens.byStep.get(2) ?? [])).toEqual(['duplicate@2', 'empty@2']);
    expect(lens.byStep.get(2)?.[1]).toMatchObject({ reason: 'repeat', seenAt: 0 });
    expect(lens.summary.stop).toBeNull();
  });

  it('with the guard off, marks no repeat', () => {
    const lens = buildLens(trace, { config: configWith({ duplicates: 'off' }) });
    expect(lens.marks.filter((mark) => mark.kind === 'duplicate')).toEqual([]);
  });

  it('counts a call whose result the trace lacks as run, so its repeat is marked', () => {
    const trace = handTrace([get({ id: 1 }, null), get({ id: 1 }, { a: 1 })]);
    const first = trace.steps[0] as Step;
    const lacking = { ...trace, steps: [{ ...first, observation: null }, ...trace.steps.slice(1)] };
    const lens = buildLens(lacking, {
      config: configWith({ duplicates: 'escalate', reflection: { gating: 'off' } }),
    });
    expect(kinds(lens.marks)).toEqual(['duplicate@1']);
  });

  it('looks for repeats within an attempt only', () => {
    const twoAttempts = handTrace([get({ id: 1 }, { a: 1 }), get({ id: 1 }, { a: 1 })], [1]);
    const lens = buildLens(twoAttempts, { config: DEFAULT_CONFIG });
    expect(lens.marks).toEqual([]);
  });
});

describe('runs of empty or already-seen observations', () => {
  it('says why each is empty and where it stands in its run', () => {
    const trace = handTrace([
      get({ q: 'a' }, []),
      get({ q: 'b' }, { error: 'down' }),
      { tool: 'get', args: { q: 'c' }, result: 'timeout', ok: false },
      get({ q: 'd' }, { error: 'down' }),
      get({ q: 'e' }, { found: 1 }),
    ]);
    const lens = buildLens(trace, {
      config: configWith({ stallExit: 99, reflection: { gating: 'off' } }),
    });
    const empties = lens.marks.filter((mark) => mark.kind === 'empty');
    expect(empties.map((mark) => [mark.step, mark.reason, mark.seenAt, mark.inRow])).toEqual([
      [0, 'nothing', null, 1],
      [2, 'failed', null, 1],
      [3, 'seen', 1, 2],
    ]);
    expect(empties[2]?.runStart).toBe(2);
    expect(empties[2]?.text).toBe('would have counted empty: already seen at step 1 (2 in a row)');
  });
});

describe('the stall exit', () => {
  const trace = handTrace([
    get({ q: 'a' }, []),
    get({ q: 'b' }, []),
    get({ q: 'c' }, {}),
    get({ q: 'd' }, []),
    { answer: 'Nothing found.' },
  ]);

  it('stops where the run of empty observations reaches it', () => {
    const lens = buildLens(trace, {
      config: configWith({ stallExit: 3, reflection: { gating: 'off' } }),
    });
    expect(lens.marks.filter((mark) => mark.kind === 'stall')).toMatchObject([
      { step: 2, inRow: 3, stops: true },
    ]);
    expect(lens.summary.stop?.guard).toBe('stall_exit');
    // Steps 3 and 4 would not have run: two model calls, one tool call.
    expect(lens.summary.stop?.after).toEqual({
      modelCalls: 2,
      toolCalls: 1,
      tokens: 2 * (CALL.promptTokens + CALL.completionTokens),
      latencyMs: 2 * CALL.latencyMs,
    });
    expect(lens.summary.text).toBe(
      'The stall guard would have stopped this run at step 2: 2 model calls, 1 tool call, 240 tokens, 1.0 s after it.',
    );
  });

  it('gives way to a reflection that is due, as the live loop does', () => {
    const lens = buildLens(trace, {
      config: configWith({ stallExit: 3, reflection: { gating: 'adaptive', maxReflections: 2 } }),
    });
    // Adaptive gating reflects before steps 1 and 2; with none left, step 2's stall stops.
    expect(kinds(lens.marks.filter((mark) => mark.kind !== 'empty'))).toEqual([
      'reflect@1',
      'reflect@2',
      'stall@2',
    ]);
  });
});

describe('reflection gating', () => {
  const trace = handTrace([
    get({ q: 'a' }, { a: 1 }),
    get({ q: 'b' }, { b: 1 }),
    get({ q: 'c' }, { c: 1 }),
    get({ q: 'd' }, { d: 1 }),
    get({ q: 'e' }, { e: 1 }),
    { answer: 'Done.' },
  ]);

  it('a fixed cadence reflects every interval of action steps, up to its maximum', () => {
    const lens = buildLens(trace, {
      config: configWith({ reflection: { gating: 'fixed', interval: 2, maxReflections: 2 } }),
    });
    expect(lens.marks).toMatchObject([
      { kind: 'reflect', step: 2, trigger: 'cadence', gating: 'fixed', stops: false },
      { kind: 'reflect', step: 4, trigger: 'cadence', gating: 'fixed', stops: false },
    ]);
    expect(lens.marks[0]?.text).toBe('would have reflected before this step (fixed cadence)');
  });

  it('adaptive gating reflects after an empty observation and after a blocked repeat', () => {
    const stalls = handTrace([
      get({ q: 'a' }, []),
      get({ q: 'b' }, { b: 1 }),
      get({ q: 'b' }, { b: 1 }),
      get({ q: 'c' }, { c: 1 }),
    ]);
    const lens = buildLens(stalls, {
      config: configWith({
        duplicates: 'block',
        reflection: { gating: 'adaptive', stallThreshold: 1 },
      }),
    });
    expect(
      lens.marks.filter((mark) => mark.kind === 'reflect').map((mark) => [mark.step, mark.trigger]),
    ).toEqual([
      [1, 'stall'],
      [3, 'stall'],
    ]);
  });

  it('with gating off, never reflects', () => {
    const lens = buildLens(trace, { config: configWith({ reflection: { gating: 'off' } }) });
    expect(lens.marks).toEqual([]);
  });
});

describe('the step budget', () => {
  it('stops before the call past the last action step allowed', () => {
    const trace = handTrace([
      get({ q: 'a' }, { a: 1 }),
      get({ q: 'b' }, { b: 1 }),
      get({ q: 'c' }, { c: 1 }),
      { answer: 'Done.' },
    ]);
    const lens = buildLens(trace, {
      config: configWith({ maxSteps: 2, reflection: { gating: 'off' } }),
    });
    expect(lens.marks).toMatchObject([{ kind: 'budget', step: 2, stops: true, maxSteps: 2 }]);
    expect(lens.summary.stop?.after).toMatchObject({ modelCalls: 2, toolCalls: 1 });
    expect(lens.summary.text).toMatch(
      /^The step budget would have stopped this run before step 2:/,
    );
  });
});

describe('an early answer on high confidence', () => {
  it('is not gated: no budget stop or reflection is checked before it', () => {
    const trace = handTrace([get({ q: 'a' }, []), { answer: 'Found it.' }]);
    const answer = { ...(trace.steps[1] as Step), trigger: 'high_confidence' as const };
    const early = { ...trace, steps: [trace.steps[0] as Step, answer] };
    const lens = buildLens(early, { config: configWith({ maxSteps: 1 }) });
    expect(kinds(lens.marks)).toEqual(['empty@0']);
    expect(kinds(buildLens(trace, { config: configWith({ maxSteps: 1 }) }).marks)).toEqual([
      'empty@0',
      'budget@1',
    ]);
  });
});

describe('answers no observation backs', () => {
  const rules = [
    { claim: 'refund (is )?approved', requires: { field: 'refundable', equals: true } },
  ];

  it('marks an answer whose claim needs a field no observation holds', () => {
    const trace = handTrace([
      get({ id: 1 }, { refundable: false }),
      { answer: 'Refund approved.' },
    ]);
    const lens = buildLens(trace, { config: DEFAULT_CONFIG, evidenceRules: rules });
    expect(lens.marks).toMatchObject([
      {
        kind: 'fabrication',
        step: 1,
        stops: true,
        claims: ['/refund (is )?approved/ needs refundable = true'],
      },
    ]);
    expect(lens.summary.text).toBe(
      'The evidence guard would have stopped this run at step 1: 0 model calls, 0 tool calls, 0 tokens, 0 ms after it.',
    );
  });

  it('leaves a backed answer alone, and checks nothing without rules or with the guard off', () => {
    const backed = handTrace([
      get({ id: 1 }, { refundable: true }),
      { answer: 'Refund approved.' },
    ]);
    expect(buildLens(backed, { config: DEFAULT_CONFIG, evidenceRules: rules }).marks).toEqual([]);
    const unbacked = handTrace([get({ id: 1 }, {}), { answer: 'Refund approved.' }]);
    const noGating = configWith({ reflection: { gating: 'off' } });
    expect(buildLens(unbacked, { config: noGating }).marks.map((mark) => mark.kind)).toEqual([
      'empty',
    ]);
    const off = configWith({ fabricationGuard: false, reflection: { gating: 'off' } });
    expect(
      buildLens(unbacked, { config: off, evidenceRules: rules }).marks.map((mark) => mark.kind),
    ).toEqual(['empty']);
  });
});

describe('the summary and the cache', () => {
  it('takes the first stop of the run, and counts every mark by kind', () => {
    const trace = handTrace([
      get({ q: 'a' }, { a: 1 }),
      get({ q: 'a' }, { a: 1 }),
      get({ q: 'a' }, { a: 1 }),
      { answer: 'Done.' },
    ]);
    const lens = buildLens(trace, {
      config: configWith({ duplicates: 'escalate', reflection: { gating: 'off' } }),
    });
    expect(lens.summary.stop?.mark.step).toBe(1);
    // The escalated step's model call was made; its tool call, and everything after, saved.
    expect(lens.summary.stop?.after).toMatchObject({ modelCalls: 2, toolCalls: 2 });
    expect(lens.summary.counts).toMatchObject({ duplicate: 2, empty: 2 });
  });

  it('computes a lens once per trace and settings', () => {
    const trace = handTrace([get({ q: 'a' }, [])]);
    const first = lensOf(trace, { config: configWith({ stallExit: 1 }) });
    expect(lensOf(trace, { config: configWith({ stallExit: 1 }) })).toBe(first);
    expect(lensOf(trace, { config: configWith({ stallExit: 2 }) })).not.toBe(first);
  });

  it('never changes the trace it reads', () => {
    const trace = handTrace([get({ q: 'a' }, []), get({ q: 'a' }, [])]);
    const before = JSON.stringify(trace);
    buildLens(trace, { config: configWith({ duplicates: 'block', stallExit: 1 }) });
    expect(JSON.stringify(trace)).toBe(before);
  });
});
