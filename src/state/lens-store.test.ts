import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, type Scenario } from '../engine';
import { builtinScenarios, findBuiltin } from '../scenarios';
import { createLensStore, lensShown, selectLens } from './lens-store';
import { recordOfTrace, type RunOrigin } from './run-record';
import { createRunStore } from './run-store';

const scenarios = builtinScenarios();
const hostile = findBuiltin('shopops-hostile-loop') as Scenario;

/** A run store showing a recorded run of the hostile loop, made with the duplicate guard off. */
async function showing(origin: RunOrigin) {
  const overrides = { duplicates: 'off' as const, stallExit: 99 };
  const trace = await runScenario(hostile, scenarioConfig(hostile, overrides));
  const store = createRunStore({ scenarioId: hostile.id }, { scenarios });
  store
    .getState()
    .actions.open(
      recordOfTrace(trace, { id: 'r1', scenario: hostile, origin, startedAt: 0, overrides }),
    );
  return store;
}

describe('the guards lens of a run view', () => {
  it('shows by itself for an imported run, and only when switched on for others', () => {
    const lens = createLensStore();
    expect(lensShown(lens.getState().choice, { kind: 'imported', source: 'run.json' })).toBe(true);
    expect(lensShown(lens.getState().choice, { kind: 'live' })).toBe(false);
    lens.getState().actions.setShown(true);
    expect(lensShown(lens.getState().choice, { kind: 'live' })).toBe(true);
    lens.getState().actions.setShown(false);
    expect(lensShown(lens.getState().choice, { kind: 'imported', source: 'run.json' })).toBe(false);
  });

  it('follows the settings panel: a change re-tunes the lens, the recorded run stays', async () => {
    const store = await showing({ kind: 'imported', source: 'run.json' });
    const trace = store.getState().trace;
    // Under the run's own settings (the guard off) no repeat is marked.
    const before = selectLens(store.getState(), true);
    expect(before?.marks.some((mark) => mark.kind === 'duplicate')).toBe(false);
    store.getState().actions.updateOverrides({ duplicates: 'escalate' });
    const after = selectLens(store.getState(), true);
    expect(after?.summary.stop?.mark).toMatchObject({ kind: 'duplicate', step: 1, repeats: 0 });
    expect(store.getState().trace).toBe(trace);
    expect(store.getState().status).toBe('done');
  });

  it('is computed once per trace and settings, and is null when hidden', async () => {
    const store = await showing({ kind: 'live' });
    expect(selectLens(store.getState(), false)).toBeNull();
    const first = selectLens(store.getState(), true);
    store.getState().actions.selectStep(0);
    expect(selectLens(store.getState(), true)).toBe(first);
  });

  it("checks an answer against the user's own evidence rules, and refuses bad ones in words", async () => {
    const store = await showing({ kind: 'imported', source: 'run.json' });
    const trace = store.getState().trace;
    if (!trace) throw new Error('no trace');
    // The hostile loop ends unanswered; give its last step an answer that claims a refund.
    const last = trace.steps.at(-1);
    if (!last) throw new Error('no steps');
    const answered = {
      ...trace,
      steps: [
        ...trace.steps.slice(0, -1),
        { ...last, kind: 'answer' as const, answer: 'Refund approved.' },
      ],
    };
    store.getState().actions.open(
      recordOfTrace(answered, {
        id: 'r2',
        scenario: { ...hostile, evidenceRules: [] },
        origin: { kind: 'imported', source: 'run.json' },
        startedAt: 0,
      }),
    );
    const lens = createLensStore();
    const marked = () =>
      selectLens(store.getState(), true, lens.getState().rules)?.marks.filter(
        (mark) => mark.kind === 'fabrication',
      ) ?? [];
    expect(marked()).toEqual([]);
    await expect(lens.getState().actions.setRules('[{"claim": "("}]')).resolves.toMatch(
      /^The evidence rules are refused: \$\[0\]/,
    );
    expect(lens.getState().rules).toBeNull();
    const rule =
      '[{"claim": "refund approved", "requires": {"field": "refundable", "equals": true}}]';
    await expect(lens.getState().actions.setRules(rule)).resolves.toBeNull();
    expect(marked()).toMatchObject([{ step: last.index, stops: true }]);
    await lens.getState().actions.setRules('  ');
    expect(lens.getState().rules).toBeNull();
  });
});
