/** The loop's configuration: every knob of the headless contract, with its default. */

export type Mode = 'act' | 'react' | 'reflact';
export type Gating = 'off' | 'fixed' | 'adaptive';
export type DuplicatePolicy = 'escalate' | 'block' | 'off';
export type UnparseablePolicy = 'escalate' | 'reprompt';
export type HistoryAccess = 'cross_trajectory' | 'cross_task';
/**
 * Where an attempt's reward comes from: the scenario's verifier (an environment check, 1 or 0),
 * none (unknown: every attempt is reflected on, neutrally), or a model judge (0 to 1, weaker).
 */
export type RewardSource = 'verifier' | 'none' | 'judge';
export type Protocol = 'text' | 'tools';

export interface ReflectionConfig {
  gating: Gating;
  /** Fixed cadence: reflect once this many action steps ran since the last reflection. */
  interval: number;
  /** Reflection phases allowed per attempt. */
  maxReflections: number;
  /** Adaptive: consecutive empty tool calls that make a reflection due. */
  stallThreshold: number;
}

export interface LoopConfig {
  mode: Mode;
  reflection: ReflectionConfig;
  /** Consecutive empty tool calls that end the run as `stalled`. */
  stallExit: number;
  /** Action steps allowed per attempt. */
  maxSteps: number;
  duplicates: DuplicatePolicy;
  fabricationGuard: boolean;
  unparseable: UnparseablePolicy;
  /** Early answer when retrieval confidence is high (the LLARS rule). */
  highConfidence: boolean;
  attempts: number;
  rewardThreshold: number;
  rewardSource: RewardSource;
  history: HistoryAccess;
  /** Reflections injected into an attempt's system prompt: the last this many (LiTS: 3). */
  memoryWindow: number;
  protocol: Protocol;
  seed: number;
}

export const DEFAULT_CONFIG: LoopConfig = Object.freeze({
  mode: 'react',
  reflection: Object.freeze({
    gating: 'adaptive',
    interval: 3,
    maxReflections: 2,
    stallThreshold: 1,
  }),
  stallExit: 3,
  maxSteps: 10,
  duplicates: 'escalate',
  fabricationGuard: true,
  unparseable: 'escalate',
  highConfidence: false,
  attempts: 1,
  rewardThreshold: 0.3,
  rewardSource: 'verifier',
  history: 'cross_trajectory',
  memoryWindow: 3,
  protocol: 'text',
  seed: 1,
}) as LoopConfig;

/** A partial config as a user gives it: any field may be left out. */
export type ConfigOverrides = Partial<Omit<LoopConfig, 'reflection'>> & {
  reflection?: Partial<ReflectionConfig>;
};

/**
 * Pure: merges overrides over the defaults. The mode falls back to the scenario's `defaultMode`,
 * then to `react`. Every field of the result is present (the trace prints it whole).
 */
export function resolveConfig(overrides: ConfigOverrides = {}, defaultMode?: Mode): LoopConfig {
  const { reflection, ...rest } = overrides;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const definedReflection = Object.fromEntries(
    Object.entries(reflection ?? {}).filter(([, v]) => v !== undefined),
  );
  return {
    ...DEFAULT_CONFIG,
    mode: defaultMode ?? DEFAULT_CONFIG.mode,
    ...defined,
    reflection: { ...DEFAULT_CONFIG.reflection, ...definedReflection },
  };
}
