import { describe, expect, it } from 'vitest';
import { builtinScenarios } from '../scenarios';
import { createLiveRerun } from './live-rerun';
import { createRunStore, type RunStore } from './run-store';
import type { Timer } from './timer';

const scenarios = builtinScenarios();

/** Timers that fire when the test says: the pause after a change, without waiting for it. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timer: Timer = {
    setTimeout(run) {
      pending.set(++next, run);
      return next;
    },
    clearTimeout: (timer) => void pending.delete(timer as number),
  };
  const fire = () => {
    const runs = [...pending.values()];
    pending.clear();
    for (const run of runs) run();
  };
  return { timer, fire, pending: () => pending.size };
}

function store(): RunStore {
  return createRunStore({ scenarioId: 'triage-priority-retry' }, { scenarios });
}

/** Resolves once the store's current run has ended (its status leaves `running`). */
function ended(runs: RunStore): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (runs.getState().status === 'running') return;
      stop();
      resolve();
    };
    const stop = runs.subscribe(check);
    check();
  });
}

describe('the live re-run after a settings change', () => {
  it('re-runs the shown run once the changes pause, once for a burst', async () => {
    const runs = store();
    await runs.getState().actions.run();
    const { timer, fire, pending } = manualTimers();
    const rerun = createLiveRerun(runs, timer);
    runs.getState().actions.updateOverrides({ attempts: 2 });
    rerun.changed();
    rerun.changed();
    expect(pending()).toBe(1);
    fire();
    expect(runs.getState()).toMatchObject({ status: 'running', runNumber: 2 });
    await ended(runs);
    expect(runs.getState().trace?.config.attempts).toBe(2);
  });

  it('does not run before anything ran', () => {
    const runs = store();
    const { timer, fire } = manualTimers();
    createLiveRerun(runs, timer).changed();
    fire();
    expect(runs.getState()).toMatchObject({ status: 'idle', runNumber: 0 });
  });

  it('drops the re-run when a run started after the change: Run clicked within the pause', async () => {
    const runs = store();
    await runs.getState().actions.run();
    const { timer, fire } = manualTimers();
    const rerun = createLiveRerun(runs, timer);
    runs.getState().actions.updateOverrides({ attempts: 2 });
    rerun.changed();
    const clicked = runs.getState().actions.run();
    fire();
    // The run the click started is the one that ends, not abandoned for a second one.
    expect(runs.getState().runNumber).toBe(2);
    expect(await clicked).not.toBeNull();
    expect(runs.getState().trace?.config.attempts).toBe(2);
  });

  it('drops the re-run when the run was changed for an idle one (another scenario chosen)', async () => {
    const runs = store();
    await runs.getState().actions.run();
    const { timer, fire } = manualTimers();
    const rerun = createLiveRerun(runs, timer);
    rerun.changed();
    runs.getState().actions.selectScenario(scenarios[0]!.id);
    fire();
    expect(runs.getState()).toMatchObject({ status: 'idle', runNumber: 1 });
  });

  it('cancel drops a pending re-run', async () => {
    const runs = store();
    await runs.getState().actions.run();
    const { timer, fire, pending } = manualTimers();
    const rerun = createLiveRerun(runs, timer);
    rerun.changed();
    rerun.cancel();
    expect(pending()).toBe(0);
    fire();
    expect(runs.getState().runNumber).toBe(1);
  });
});
