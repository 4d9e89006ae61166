/**
 * The guards lens of a run view: whether it shows (the user's "Guards lens" switch, else on for a
 * run imported from a file), and the lens of the shown run under the settings panel's settings,
 * computed once per trace and settings (`lensOf`), however many panes ask. Vanilla Zustand.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  ScenarioError,
  scenarioConfig,
  type ConfigOverrides,
  type EvidenceRule,
  type Scenario,
} from '../engine';
import { lensOf, type Lens, type LensSettings } from '../projections/lens';
import type { RunOrigin } from './run-record';
import type { RunState } from './run-store-types';
import { selectedScenario } from './scenario-list';

/** `auto`: shown for an imported run only; `on` / `off`: the user's switch. */
export type LensChoice = 'auto' | 'on' | 'off';

export interface LensActions {
  /** The user's switch: shows or hides the lens for every run this view shows. */
  setShown(shown: boolean): void;
  /**
   * The user's own evidence rules (JSON text), used instead of the scenario's; empty text goes
   * back to the scenario's. Resolves to the problem in words (nothing changes then), or null
   * (the rules' checker loads on first use).
   */
  setRules(text: string): Promise<string | null>;
  /** Back to `auto`. */
  reset(): void;
}

export interface LensState {
  readonly choice: LensChoice;
  /** The user's evidence rules, or null for the shown run's scenario's. */
  readonly rules: readonly EvidenceRule[] | null;
  readonly actions: LensActions;
}

export type LensStore = StoreApi<LensState>;

/** Makes a run view's lens store (one per mounted run view, like its run store). */
export function createLensStore(choice: LensChoice = 'auto'): LensStore {
  return createStore<LensState>()((set) => ({
    choice,
    rules: null,
    actions: {
      setShown: (shown) => set({ choice: shown ? 'on' : 'off' }),
      setRules: async (text) => {
        if (text.trim() === '') {
          set({ rules: null });
          return null;
        }
        const { parseEvidenceRulesText } = await import('./evidence-rules-text');
        try {
          set({ rules: parseEvidenceRulesText(text) });
          return null;
        } catch (error) {
          if (error instanceof ScenarioError)
            return `The evidence rules are refused: ${error.message}`;
          throw error;
        }
      },
      reset: () => set({ choice: 'auto' }),
    },
  }));
}

/** Pure: whether the lens shows for a run of this origin (null: no run). */
export function lensShown(choice: LensChoice, origin: RunOrigin | null): boolean {
  if (choice === 'auto') return origin?.kind === 'imported';
  return choice === 'on';
}

/** The settings of the last ask per scenario, so an unchanged panel gives the same object. */
const settingsCache = new WeakMap<
  Scenario,
  {
    overrides: ConfigOverrides;
    rules: readonly EvidenceRule[];
    settings: LensSettings;
  }
>();

/**
 * Pure (memoised on the scenario and overrides objects): what the lens applies — the settings
 * panel's config (the selected scenario under the overrides) and the user's evidence rules, else
 * those of the shown run's scenario (an imported run's has none unless the user writes them).
 */
export function lensSettings(
  state: RunState,
  userRules: readonly EvidenceRule[] | null = null,
): LensSettings {
  const scenario = selectedScenario(state);
  const rules = userRules ?? (state.shown?.scenario ?? scenario).evidenceRules;
  const known = settingsCache.get(scenario);
  if (known && known.overrides === state.overrides && known.rules === rules) return known.settings;
  const settings: LensSettings = {
    config: scenarioConfig(scenario, state.overrides),
    evidenceRules: rules,
  };
  settingsCache.set(scenario, { overrides: state.overrides, rules, settings });
  return settings;
}

/**
 * The lens of the shown run, or null when it is hidden or there is no recorded trace yet (a live
 * run gets one when it ends). The same object while the trace and the settings stay.
 */
export function selectLens(
  state: RunState,
  shown: boolean,
  rules: readonly EvidenceRule[] | null = null,
): Lens | null {
  if (!shown || !state.trace) return null;
  return lensOf(state.trace, lensSettings(state, rules));
}
