import { describe, expect, it } from 'vitest';
import { attemptRange } from '../../projections/attempts';
import { builtinScenarios } from '../../scenarios';
import { createRunStore } from '../../state/run-store';
import { togglePlayback } from '../shortcuts';
import { advancePlayback } from './playback';

describe('playback with an attempt chosen', () => {
  it('plays from the attempt’s first step and stops at its last, never into the next attempt', async () => {
    const store = createRunStore(
      { scenarioId: 'triage-priority-retry', overrides: { attempts: 3 } },
      { scenarios: builtinScenarios() },
    );
    await store.getState().actions.run();
    const first = attemptRange(store.getState().steps, 1)!;
    store.getState().actions.selectAttempt(1);
    store.getState().actions.cursorTo('last');
    togglePlayback(store);
    expect(store.getState()).toMatchObject({ playing: true, cursor: first.first, attempt: 1 });
    for (let tick = 0; tick < 10; tick++) advancePlayback(store);
    expect(store.getState()).toMatchObject({ playing: false, cursor: first.last, attempt: 1 });
  });
});
