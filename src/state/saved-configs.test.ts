import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memory-storage';
import {
  asEvalConfigs,
  SAVED_CONFIGS_BACKUP_KEY,
  SAVED_CONFIGS_KEY,
  createSavedConfigsStore,
  readSavedConfigs,
} from './saved-configs';

const reserved = ['react+off', 'react+adaptive'];

describe('saved settings', () => {
  it('saves named settings, keeps them in storage and reads them back', () => {
    const storage = createMemoryStorage();
    const store = createSavedConfigsStore({ storage, reserved });
    const overrides = { mode: 'reflact', reflection: { gating: 'fixed', interval: 2 } } as const;
    expect(store.getState().actions.save('  tight cadence ', overrides)).toEqual({
      ok: true,
      name: 'tight cadence',
    });
    const again = createSavedConfigsStore({ storage, reserved });
    expect(again.getState().configs).toEqual([{ name: 'tight cadence', overrides }]);
    expect(again.getState().warning).toBeNull();
  });

  it('refuses an empty, long, preset or taken name with a message, and replaces when asked', () => {
    const store = createSavedConfigsStore({ storage: createMemoryStorage(), reserved });
    store.getState().actions.save('mine', { seed: 2 });
    const refused = (name: string) => {
      const result = store.getState().actions.save(name, { seed: 3 });
      return result.ok ? null : [result.problem, result.message];
    };
    expect(refused(' ')).toEqual(['empty', 'Give the settings a name.']);
    expect(refused('x'.repeat(41))?.[0]).toBe('too-long');
    expect(refused('react+off')?.[1]).toMatch(/preset's name/);
    expect(refused('mine')?.[1]).toMatch(/saved already: replace them/);
    expect(store.getState().actions.save('mine', { seed: 3 }, { replace: true }).ok).toBe(true);
    expect(store.getState().configs).toEqual([{ name: 'mine', overrides: { seed: 3 } }]);
    store.getState().actions.remove('mine');
    expect(store.getState().configs).toEqual([]);
  });

  it('says why stored settings could not be read, and keeps them aside before saving over', () => {
    const broken = JSON.stringify({
      version: 1,
      configs: [{ name: 'odd', overrides: { mode: 'fast' } }],
    });
    expect(readSavedConfigs(broken).warning).toMatch(
      /could not be read \("odd": \$\.mode: expected "act", "react" or "reflact", got "fast"\)/,
    );
    expect(readSavedConfigs('{').warning).toMatch(/not valid JSON/);
    expect(readSavedConfigs('{"version":2}').warning).toMatch(/unknown format or version/);

    const storage = createMemoryStorage({ [SAVED_CONFIGS_KEY]: broken });
    const store = createSavedConfigsStore({ storage, reserved });
    expect(store.getState().configs).toEqual([]);
    expect(store.getState().warning).toMatch(/kept aside/);
    // Nothing is written until the user saves; then the old text moves aside first.
    expect(storage.entries().get(SAVED_CONFIGS_BACKUP_KEY)).toBeUndefined();
    store.getState().actions.save('fresh', { seed: 1 });
    expect(storage.entries().get(SAVED_CONFIGS_BACKUP_KEY)).toBe(broken);
    expect(readSavedConfigs(storage.entries().get(SAVED_CONFIGS_KEY) ?? null).configs).toEqual([
      { name: 'fresh', overrides: { seed: 1 } },
    ]);
  });

  it('works for the page when storage refuses to write', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createSavedConfigsStore({ storage, reserved });
    expect(store.getState().actions.save('kept in memory', { seed: 5 }).ok).toBe(true);
    expect(store.getState().configs).toHaveLength(1);
  });
});

describe('saved settings as eval columns', () => {
  it('are labelled with the names the user gave them', () => {
    expect(asEvalConfigs([{ name: 'cadence 2', overrides: { seed: 2 } }])).toEqual([
      { label: 'cadence 2', overrides: { seed: 2 } },
    ]);
  });
});
