/**
 * Saved settings: named config overrides the user saves from the inspector's settings and picks
 * as eval matrix columns beside the presets. Kept in the page's storage (localStorage); what is
 * stored is validated when read, and an unreadable store is kept aside, not overwritten, so
 * nothing saved is lost. Vanilla Zustand: no React here.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { ConfigError, parseConfigOverrides, type ConfigOverrides } from '../engine';
import type { EvalConfig } from '../projections/eval-matrix';
import { tryStorage, type KeyValueStorage } from './try-storage';

export const SAVED_CONFIGS_KEY = 'loopscope.saved-configs.v1';
/** Where an unreadable store is moved to before anything is saved over it. */
export const SAVED_CONFIGS_BACKUP_KEY = 'loopscope.saved-configs.unreadable';
export const MAX_CONFIG_NAME = 40;

export interface SavedConfig {
  readonly name: string;
  readonly overrides: ConfigOverrides;
}

/** Why a name cannot be saved under: `taken` can be saved over with `replace`. */
export type SaveProblem = 'empty' | 'too-long' | 'reserved' | 'taken';

export type SaveResult =
  | { readonly ok: true; readonly name: string }
  | { readonly ok: false; readonly problem: SaveProblem; readonly message: string };

/** What the saved-settings store does; made once with the store (read them with no subscription). */
export interface SavedConfigsActions {
  /** Saves `overrides` under `name` (trimmed); `replace` saves over a config of that name. */
  save(name: string, overrides: ConfigOverrides, options?: { replace?: boolean }): SaveResult;
  remove(name: string): void;
}

export interface SavedConfigsState {
  readonly configs: readonly SavedConfig[];
  /** Why the stored configs could not be read (they were kept aside), or null. */
  readonly warning: string | null;
  readonly actions: SavedConfigsActions;
}

export type SavedConfigsStore = StoreApi<SavedConfigsState>;

export interface SavedConfigsDeps {
  readonly storage: KeyValueStorage;
  /** Names a saved config may not take (the eval presets' labels). */
  readonly reserved?: readonly string[];
}

/** Pure: the stored configs, or why they could not be read. */
export function readSavedConfigs(raw: string | null): {
  configs: SavedConfig[];
  warning: string | null;
} {
  if (raw === null) return { configs: [], warning: null };
  const unreadable = (why: string) => ({
    configs: [],
    warning: `Your saved settings could not be read (${why}). They were kept aside under "${SAVED_CONFIGS_BACKUP_KEY}" in this browser's storage; saving new settings starts a fresh list.`,
  });
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return unreadable('not valid JSON');
  }
  const stored = value as { version?: unknown; configs?: unknown } | null;
  if (typeof stored !== 'object' || stored === null || stored.version !== 1) {
    return unreadable('unknown format or version');
  }
  if (!Array.isArray(stored.configs)) return unreadable('no list of configs');
  const configs: SavedConfig[] = [];
  for (const [index, entry] of stored.configs.entries()) {
    const item = entry as { name?: unknown; overrides?: unknown } | null;
    if (typeof item !== 'object' || item === null || typeof item.name !== 'string') {
      return unreadable(`config ${index + 1} has no name`);
    }
    try {
      configs.push({ name: item.name, overrides: parseConfigOverrides(item.overrides) });
    } catch (error) {
      const why = error instanceof ConfigError ? error.message : String(error);
      return unreadable(`"${item.name}": ${why}`);
    }
  }
  return { configs, warning: null };
}

/** Pure: what persists. */
export function serialiseSavedConfigs(configs: readonly SavedConfig[]): string {
  return JSON.stringify({ version: 1, configs });
}

/** Pure: the problem with a name, or null (`taken` only when not replacing). */
export function nameProblem(
  name: string,
  configs: readonly SavedConfig[],
  reserved: readonly string[],
  replace = false,
): Extract<SaveResult, { ok: false }> | null {
  const trimmed = name.trim();
  if (trimmed === '') return { ok: false, problem: 'empty', message: 'Give the settings a name.' };
  if (trimmed.length > MAX_CONFIG_NAME) {
    return {
      ok: false,
      problem: 'too-long',
      message: `At most ${MAX_CONFIG_NAME} characters (this is ${trimmed.length}).`,
    };
  }
  if (reserved.includes(trimmed)) {
    return {
      ok: false,
      problem: 'reserved',
      message: `"${trimmed}" is a preset's name in the eval matrix: choose another.`,
    };
  }
  if (!replace && configs.some((config) => config.name === trimmed)) {
    return {
      ok: false,
      problem: 'taken',
      message: `Settings named "${trimmed}" are saved already: replace them, or choose another name.`,
    };
  }
  return null;
}

/** Creates the app's saved-settings store, reading what the storage holds. */
export function createSavedConfigsStore(deps: SavedConfigsDeps): SavedConfigsStore {
  const { storage, reserved = [] } = deps;
  const raw = tryStorage(() => storage.getItem(SAVED_CONFIGS_KEY)) ?? null;
  const initial = readSavedConfigs(raw);
  /** An unreadable store moves aside (once) before the first save writes over it. */
  let keepAside = initial.warning !== null ? raw : null;

  const persist = (configs: readonly SavedConfig[]) => {
    if (keepAside !== null) {
      const aside = keepAside;
      tryStorage(() => storage.setItem(SAVED_CONFIGS_BACKUP_KEY, aside));
      keepAside = null;
    }
    tryStorage(() => storage.setItem(SAVED_CONFIGS_KEY, serialiseSavedConfigs(configs)));
  };

  return createStore<SavedConfigsState>()((set, get) => {
    const actions: SavedConfigsActions = {
      save(name, overrides, options = {}) {
        const problem = nameProblem(name, get().configs, reserved, options.replace);
        if (problem) return problem;
        const trimmed = name.trim();
        const saved: SavedConfig = { name: trimmed, overrides };
        const exists = get().configs.some((config) => config.name === trimmed);
        const configs = exists
          ? get().configs.map((config) => (config.name === trimmed ? saved : config))
          : [...get().configs, saved];
        set({ configs });
        persist(configs);
        return { ok: true, name: trimmed };
      },

      remove(name) {
        const configs = get().configs.filter((config) => config.name !== name);
        if (configs.length === get().configs.length) return;
        set({ configs });
        persist(configs);
      },
    };
    return { configs: initial.configs, warning: initial.warning, actions };
  });
}

/** Pure: saved settings as eval matrix configs, each labelled with the name the user gave it. */
export function asEvalConfigs(configs: readonly SavedConfig[]): EvalConfig[] {
  return configs.map(({ name, overrides }) => ({ label: name, overrides }));
}
