import { describe, expect, it } from 'vitest';
import { parseViewHash } from '../../components/view-route';
import { readSettingsToken } from '../../state/lane-tokens';
import { inspectorHash } from './link';

const shown = {
  scenarioId: 'rca-search-stall',
  overrides: {},
  cursor: null,
  awaitedStep: null,
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

  it('names the shown run (kept in the library, so a reload opens it again), not before a run', () => {
    const run = {
      id: 'run-7',
      scenario: {} as never,
      overrides: {},
      origin: { kind: 'live' },
      startedAt: 1,
      endedAt: 2,
    } as const;
    expect(parseViewHash(inspectorHash({ ...shown, status: 'done', shown: run })).run).toBe(
      'run-7',
    );
    expect(parseViewHash(inspectorHash({ ...shown, shown: run })).run).toBeNull();
  });

  it('a copied link leaves a live run to be reproduced, and names a run from a file', () => {
    const live = {
      id: 'run-7',
      scenario: {} as never,
      overrides: {},
      origin: { kind: 'live' },
      startedAt: 1,
      endedAt: 2,
    } as const;
    const copied = (
      run:
        | typeof live
        | (Omit<typeof live, 'origin'> & { origin: { kind: 'imported'; source: string } }),
    ) =>
      parseViewHash(inspectorHash({ ...shown, status: 'done', shown: run }, { copied: true })).run;
    expect(copied(live)).toBeNull();
    expect(copied({ ...live, origin: { kind: 'imported', source: 'x.json' } })).toBe('run-7');
  });
});
