import { describe, expect, it } from 'vitest';
import { parseViewHash } from '../../components/view-route';
import { readSettingsToken } from '../../state/lane-tokens';
import type { RunOrigin } from '../../state/run-record';
import { inspectorHash } from './link';

const shown = {
  scenarioId: 'rca-search-stall',
  overrides: {},
  cursor: null,
  awaitedStep: null,
  attempt: null,
  awaitedAttempt: null,
  status: 'idle',
  shown: null,
} as const;

describe('the inspector’s link', () => {
  it('names the scenario alone while the settings are the defaults and it follows the newest step', () => {
    expect(inspectorHash(shown)).toBe('#/inspect?scenario=rca-search-stall');
  });

  it('names the settings and the selected step, and reads back the same', () => {
    const overrides = { mode: 'reflact', reflection: { gating: 'fixed', interval: 2 } } as const;
    const hash = inspectorHash({ ...shown, overrides, cursor: 4 });
    const route = parseViewHash(hash);
    expect(route).toMatchObject({ view: 'inspect', scenario: 'rca-search-stall', step: 4 });
    expect(readSettingsToken(route.settings).overrides).toEqual(overrides);
  });

  it('names the step a link awaits before the run has it', () => {
    expect(inspectorHash({ ...shown, overrides: { seed: 2 }, awaitedStep: 3 })).toBe(
      '#/inspect?scenario=rca-search-stall&settings=%402&step=3',
    );
  });

  it('names the chosen attempt, or the one a link awaits, and reads back the same', () => {
    const hash = inspectorHash({ ...shown, cursor: 5, attempt: 2 });
    expect(hash).toBe('#/inspect?scenario=rca-search-stall&step=5&attempt=2');
    expect(parseViewHash(hash)).toMatchObject({ step: 5, attempt: 2, problems: [] });
    expect(inspectorHash({ ...shown, awaitedAttempt: 3 })).toBe(
      '#/inspect?scenario=rca-search-stall&attempt=3',
    );
  });

  /** A run the store shows, made here live or opened from elsewhere. */
  const shownRun = (origin: RunOrigin = { kind: 'live' }) => ({
    id: 'run-7',
    scenario: {} as never,
    overrides: {},
    origin,
    startedAt: 1,
    endedAt: 2,
  });
  const runOf = (hash: string) => parseViewHash(hash).run;

  it('names the shown run (kept in the library, so a reload opens it again), not before a run', () => {
    expect(runOf(inspectorHash({ ...shown, status: 'done', shown: shownRun() }))).toBe('run-7');
    expect(runOf(inspectorHash({ ...shown, shown: shownRun() }))).toBeNull();
  });

  it('a copied link leaves a live run to be reproduced, and names a run from a file', () => {
    const copied = (origin: RunOrigin) =>
      runOf(inspectorHash({ ...shown, status: 'done', shown: shownRun(origin) }, { copied: true }));
    expect(copied({ kind: 'live' })).toBeNull();
    expect(copied({ kind: 'imported', source: 'x.json' })).toBe('run-7');
  });
});
