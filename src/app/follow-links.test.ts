import { describe, expect, it } from 'vitest';
import { parseViewHash } from '../components/view-route';
import { builtinScenarios } from '../scenarios';
import { createCompareStore } from '../state/compare-store';
import { createRunStore } from '../state/run-store';
import {
  compareLinkProblem,
  followCompare,
  followInspector,
  inspectorLinkProblem,
} from './follow-links';

const scenarios = builtinScenarios();
/** In-process models: scripted and simulated scenarios run without a network. */
const inspector = () => createRunStore({ scenarioId: 'rca-search-stall' }, { scenarios });
const whole = { switching: false, builtin: true };
const route = (hash: string) => parseViewHash(hash);

describe('following a link in the inspector', () => {
  it('applies its scenario and settings; no settings are the defaults', () => {
    const store = inspector();
    followInspector(
      store,
      route('#/inspect?scenario=shopops-happy&settings=act@2'),
      'shopops-happy',
      whole,
    );
    expect(store.getState()).toMatchObject({
      scenarioId: 'shopops-happy',
      overrides: { mode: 'act', seed: 2 },
    });
    followInspector(store, route('#/inspect?scenario=shopops-happy'), 'shopops-happy', whole);
    expect(store.getState().overrides).toEqual({});
  });

  it('keeps the settings when it only switches views', () => {
    const store = inspector();
    store.getState().actions.setOverrides({ mode: 'act' });
    followInspector(store, route('#/inspect?scenario=shopops-happy'), 'shopops-happy', {
      switching: true,
      builtin: true,
    });
    expect(store.getState()).toMatchObject({
      scenarioId: 'shopops-happy',
      overrides: { mode: 'act' },
    });
  });

  it('on the built-in model runs at once and selects the step it names when it arrives', async () => {
    const store = inspector();
    followInspector(
      store,
      route('#/inspect?scenario=shopops-happy&step=1'),
      'shopops-happy',
      whole,
    );
    expect(store.getState()).toMatchObject({ status: 'running', awaitedStep: 1 });
    await new Promise<void>((resolve) => {
      const release = store.subscribe((state) => {
        if (state.status === 'done') {
          release();
          resolve();
        }
      });
    });
    expect(store.getState()).toMatchObject({ cursor: 1, awaitedStep: null });
    // Following the same link again (Forward, a second mount) runs nothing more.
    const runNumber = store.getState().runNumber;
    followInspector(
      store,
      route('#/inspect?scenario=shopops-happy&step=1'),
      'shopops-happy',
      whole,
    );
    expect(store.getState().runNumber).toBe(runNumber);
  });

  it('a link naming an attempt runs and shows that attempt when it arrives; one without, all', async () => {
    const store = inspector();
    const link =
      '#/inspect?scenario=triage-priority-retry&settings=%7B%22attempts%22%3A3%7D&attempt=2';
    followInspector(store, route(link), 'triage-priority-retry', whole);
    expect(store.getState()).toMatchObject({ status: 'running', awaitedAttempt: 2 });
    await new Promise<void>((resolve) => {
      const release = store.subscribe((state) => {
        if (state.status === 'done') {
          release();
          resolve();
        }
      });
    });
    const done = store.getState();
    expect(done).toMatchObject({ attempt: 2, awaitedAttempt: null });
    expect(done.steps[done.cursor!]?.attempt).toBe(2);
    // The same link again runs nothing more; attempt 1 of the shown run is chosen at once.
    const runNumber = done.runNumber;
    followInspector(store, route(link), 'triage-priority-retry', whole);
    followInspector(
      store,
      route(link.replace('attempt=2', 'attempt=1')),
      'triage-priority-retry',
      whole,
    );
    expect(store.getState()).toMatchObject({ attempt: 1, runNumber });
    followInspector(store, route(link.replace('&attempt=2', '')), 'triage-priority-retry', whole);
    expect(store.getState()).toMatchObject({ attempt: null, runNumber });
  });

  it('an attempt the run never reaches shows all attempts once it ends', async () => {
    const store = inspector();
    followInspector(
      store,
      route('#/inspect?scenario=shopops-happy&attempt=3'),
      'shopops-happy',
      whole,
    );
    await new Promise<void>((resolve) => {
      const release = store.subscribe((state) => {
        if (state.status === 'done') {
          release();
          resolve();
        }
      });
    });
    expect(store.getState()).toMatchObject({ attempt: null, awaitedAttempt: null });
  });

  it('on a real endpoint sets up and waits for Run, the step awaited', () => {
    const store = inspector();
    followInspector(
      store,
      route('#/inspect?scenario=shopops-happy&settings=fixed&step=2&attempt=2'),
      'shopops-happy',
      {
        switching: false,
        builtin: false,
      },
    );
    expect(store.getState()).toMatchObject({
      status: 'idle',
      awaitedStep: 2,
      awaitedAttempt: 2,
      overrides: { reflection: { gating: 'fixed' } },
    });
  });

  it('keeps the settings a bad token cannot name, and says so', () => {
    const store = inspector();
    store.getState().actions.setOverrides({ mode: 'act' });
    const bad = route('#/inspect?scenario=rca-search-stall&settings=fast&step=x');
    followInspector(store, bad, 'rca-search-stall', whole);
    expect(store.getState().overrides).toEqual({ mode: 'act' });
    expect(inspectorLinkProblem(bad)).toMatch(/settings \("fast"\) are not settings.*step \("x"\)/);
    expect(inspectorLinkProblem(route('#/inspect?scenario=x&settings=react'))).toBeNull();
  });
});

describe('following a link in compare', () => {
  const compare = () =>
    createCompareStore({ scenarios, scenarioId: 'rca-search-stall', preset: 'guards' });

  it('applies the preset it names, and the default preset when it names none', () => {
    const store = compare();
    followCompare(
      store,
      route('#/compare?scenario=rca-search-stall&preset=reflection-gating'),
      null,
      whole,
    );
    expect(store.getState().preset).toBe('reflection-gating');
    followCompare(store, route('#/compare?scenario=rca-search-stall'), null, whole);
    expect(store.getState().preset).toBe('react-vs-reflact');
  });

  it('opens the lanes it names (not run on a real endpoint), and keeps them on a view switch', () => {
    const store = compare();
    const lanes = route('#/compare?scenario=shopops-happy&lane=act&lane=reflact@2');
    followCompare(store, lanes, 'shopops-happy', { switching: false, builtin: false });
    const state = store.getState();
    expect(state.scenarioId).toBe('shopops-happy');
    expect(state.lanes.map((lane) => lane.overrides)).toEqual([
      { mode: 'act' },
      { mode: 'reflact', seed: 2 },
    ]);
    expect(Object.values(state.runs).map((run) => run.status)).toEqual(['idle', 'idle']);
    followCompare(store, route('#/compare?scenario=rca-search-stall'), 'rca-search-stall', {
      switching: true,
      builtin: true,
    });
    expect(store.getState().lanes).toHaveLength(2);
    expect(store.getState().preset).toBeNull();
  });

  it('says what a link could not name', () => {
    expect(compareLinkProblem(route('#/compare?preset=best'))).toMatch(
      /^The link names a preset \("best"\)/,
    );
    expect(compareLinkProblem(route('#/compare?lane=react'))).toMatch(/^The link names 1 lane/);
    expect(compareLinkProblem(route('#/compare?preset=guards'))).toBeNull();
  });
});
