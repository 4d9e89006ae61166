import { describe, expect, it } from 'vitest';
import { GUARDS, PHASES, TRANSITIONS } from './machine';
import { act, feed, reply, start, testScenario, transitions, type Driven } from './testing/drive';

const hits = [{ id: 'd1', title: 'D1', text: 'the value is 42', score: 0.95 }];
const failModel = (driven: Driven) =>
  feed(driven, { type: 'model-call-fail', error: { code: 'http_500', message: 'boom' } });
const cancel = (driven: Driven) => feed(driven, { type: 'run-cancel' });
const attempts = { attempts: 2 } as const;

/** Journeys through the loop; together they must take every transition of the machine. */
const journeys: Record<string, () => Driven> = {
  'tool, observation, answer': () =>
    reply(act(start(), 'lookup("a")', { value: 42 }), 'Final Answer: 42'),
  'model escalates': () => reply(start(), 'Action: escalate not mine'),
  'stall reflection': () => reply(act(start(), 'lookup("none")', []), '{"thought": "x"}'),
  'cadence reflection': () =>
    reply(
      act(start(undefined, { reflection: { gating: 'fixed', interval: 1 } }), 'lookup("a")', {
        v: 1,
      }),
      'x',
    ),
  'duplicate reflection': () =>
    reply(
      act(
        start(undefined, { duplicates: 'block', reflection: { stallThreshold: 9 } }),
        'lookup("a")',
        { v: 1 },
      ),
      'Action: lookup("a")',
    ),
  'duplicate escalates': () => reply(act(start(), 'lookup("a")', { v: 1 }), 'Action: lookup("a")'),
  reprompt: () => reply(start(undefined, { unparseable: 'reprompt' }), 'prose'),
  unparseable: () => reply(start(), 'prose'),
  'out of steps': () => act(start(undefined, { maxSteps: 1 }), 'lookup("a")', { v: 1 }),
  'stall exit': () =>
    act(start(undefined, { reflection: { gating: 'off' }, stallExit: 1 }), 'lookup("none")', []),
  'early answer': () =>
    reply(
      act(start(undefined, { highConfidence: true }), 'rag_search("a")', hits),
      'Final Answer: 42',
    ),
  'early answer empty': () =>
    reply(
      act(start(undefined, { highConfidence: true }), 'rag_search("a")', hits),
      'Action: lookup("b")',
    ),
  fabrication: () =>
    reply(
      start(
        testScenario({
          evidenceRules: [{ claim: 'agreed', requires: { field: 'agreed', equals: true } }],
        }),
      ),
      'Final Answer: they agreed',
    ),
  'retry after answer': () =>
    reply(reply(start(undefined, attempts), 'Final Answer: 7'), 'reflect'),
  'retry after escalation': () => reply(start(undefined, attempts), 'prose'),
  'retry after stall': () =>
    act(
      start(undefined, { ...attempts, reflection: { gating: 'off' }, stallExit: 1 }),
      'lookup("none")',
      [],
    ),
  'retry after out of steps': () =>
    act(start(undefined, { ...attempts, maxSteps: 1 }), 'lookup("a")', { v: 1 }),
  'model error while gathering': () => failModel(start()),
  'model error while reflecting': () => failModel(act(start(), 'lookup("none")', [])),
  'model error while answering': () =>
    failModel(act(start(undefined, { highConfidence: true }), 'rag_search("a")', hits)),
  'model error between attempts': () =>
    failModel(reply(start(undefined, attempts), 'Final Answer: 7')),
  'cancel while gathering': () => cancel(start()),
  'cancel while reflecting': () => cancel(act(start(), 'lookup("none")', [])),
  'cancel while acting': () => cancel(reply(start(), 'Action: lookup("a")')),
  'cancel while answering': () =>
    cancel(act(start(undefined, { highConfidence: true }), 'rag_search("a")', hits)),
  'cancel between attempts': () => cancel(reply(start(undefined, attempts), 'Final Answer: 7')),
};

describe('the machine data', () => {
  it('names every phase once and every transition joins two known phases', () => {
    const ids = new Set(PHASES.map((phase) => phase.id));
    expect(ids.size).toBe(PHASES.length);
    for (const transition of TRANSITIONS) {
      expect(ids.has(transition.from), transition.id).toBe(true);
      expect(ids.has(transition.to), transition.id).toBe(true);
    }
    expect(new Set(TRANSITIONS.map((transition) => transition.id)).size).toBe(TRANSITIONS.length);
  });

  it('every transition is taken by some run, and runs take no transition the data lacks', () => {
    const taken = new Set<string>();
    for (const [name, journey] of Object.entries(journeys)) {
      for (const id of transitions(journey())) taken.add(id);
      expect(name).toBeTruthy();
    }
    const declared = TRANSITIONS.map((transition) => transition.id);
    expect([...taken].filter((id) => !declared.includes(id))).toEqual([]);
    expect(declared.filter((id) => !taken.has(id))).toEqual([]);
  });

  it('every phase that ends a run is reachable and nothing leaves a run-ending phase', () => {
    for (const phase of PHASES.filter((spec) => spec.ends === 'run')) {
      expect(TRANSITIONS.some((transition) => transition.to === phase.id)).toBe(true);
      expect(TRANSITIONS.some((transition) => transition.from === phase.id)).toBe(false);
    }
  });
});

describe('The machine names its guards', () => {
  it('every guard transition names the guard that takes it, and only those do', () => {
    for (const spec of TRANSITIONS) {
      expect(spec.guard !== null, spec.id).toBe(spec.kind === 'guard');
      if (spec.guard) expect(GUARDS[spec.guard].id).toBe(spec.guard);
    }
  });

  it('every gate names the trigger that opens it', () => {
    for (const spec of TRANSITIONS.filter((candidate) => candidate.kind === 'gate')) {
      expect(spec.trigger, spec.id).not.toBeNull();
    }
  });
});
