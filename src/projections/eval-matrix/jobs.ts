/**
 * The eval matrix's job list: the config presets (the columns) and every run of scenarios ×
 * configs × seeds that `loop eval` and the browser's eval worker both run. Pure: runs nothing.
 */
import {
  scenarioConfig,
  type ConfigOverrides,
  type Gating,
  type LoopConfig,
  type Mode,
  type Scenario,
} from '../../engine';

/** A named config of the matrix: a column. */
export interface EvalConfig {
  readonly label: string;
  readonly overrides: ConfigOverrides;
}

const preset = (mode: Mode, gating: Gating): EvalConfig => ({
  label: `${mode}+${gating}`,
  overrides: { mode, reflection: { gating } },
});

/**
 * Every preset the eval view offers, in column order (mode, then gating, then attempts, history
 * scope and reward source).
 */
export const EVAL_PRESETS: readonly EvalConfig[] = [
  preset('act', 'off'),
  preset('react', 'off'),
  preset('react', 'fixed'),
  preset('react', 'adaptive'),
  preset('reflact', 'off'),
  preset('reflact', 'fixed'),
  preset('reflact', 'adaptive'),
  // Attempts as columns: react+off again with 3 attempts (reflect on a failed one, retry), and
  // with its memory reaching other tasks' reflections (`cross_task`, LiTS' history scope).
  {
    label: 'react×3',
    overrides: { mode: 'react', reflection: { gating: 'off' }, attempts: 3 },
  },
  {
    label: 'react×3+cross_task',
    overrides: {
      mode: 'react',
      reflection: { gating: 'off' },
      attempts: 3,
      history: 'cross_task',
    },
  },
  // The reward source as a column: react×3 rewarded by the model judge instead of the verifier,
  // and by nothing (every attempt reflected on, neutrally).
  {
    label: 'react×3+judge',
    overrides: { mode: 'react', reflection: { gating: 'off' }, attempts: 3, rewardSource: 'judge' },
  },
  {
    label: 'react×3+no_check',
    overrides: { mode: 'react', reflection: { gating: 'off' }, attempts: 3, rewardSource: 'none' },
  },
];

/** The default config set of the contract: react+off, react+fixed, react+adaptive, reflact+adaptive. */
export const DEFAULT_EVAL_LABELS: readonly string[] = [
  'react+off',
  'react+fixed',
  'react+adaptive',
  'reflact+adaptive',
];

/** The presets with these labels, in the order given (unknown labels are dropped). */
export function evalPresets(labels: readonly string[]): EvalConfig[] {
  return labels.flatMap((label) => EVAL_PRESETS.filter((config) => config.label === label));
}

/** The CLI's default configs (`loop eval` without flags). */
export const DEFAULT_EVAL_CONFIGS: readonly EvalConfig[] = evalPresets(DEFAULT_EVAL_LABELS);

/** One run of the matrix: a scenario under a config at a seed. */
export interface EvalJob {
  readonly index: number;
  readonly scenario: Scenario;
  readonly label: string;
  /** The config's overrides with the seed: what "Open in the inspector" passes on. */
  readonly overrides: ConfigOverrides;
  readonly config: LoopConfig;
}

export interface EvalJobOptions {
  /** Seeds per cell, counting up from `shared.seed` (default 1). */
  readonly seeds?: number;
  /** Overrides under every config (the CLI's flags). */
  readonly shared?: ConfigOverrides;
}

/** Pure: the matrix's runs in suite order, then config order, then seed order. */
export function buildEvalJobs(
  scenarios: readonly Scenario[],
  configs: readonly EvalConfig[],
  { seeds = 1, shared = {} }: EvalJobOptions = {},
): EvalJob[] {
  const first = shared.seed ?? 1;
  const jobs: EvalJob[] = [];
  for (const scenario of scenarios) {
    for (const { label, overrides } of configs) {
      for (let offset = 0; offset < seeds; offset++) {
        const own = { ...overrides, seed: first + offset };
        const config = scenarioConfig(scenario, {
          ...shared,
          ...own,
          reflection: { ...shared.reflection, ...own.reflection },
        });
        jobs.push({ index: jobs.length, scenario, label, overrides: own, config });
      }
    }
  }
  return jobs;
}
