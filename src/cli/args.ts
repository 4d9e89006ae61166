/** The CLI's flags, per the headless contract: parsed strictly, with one-line errors. */
import type { ConfigOverrides } from '../engine';

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface EndpointFlags {
  readonly endpoint: string | null;
  readonly model: string | null;
  readonly apiKeyEnv: string | null;
  /** Off with `--no-include-usage` (an extension: for providers that reject `stream_options`). */
  readonly includeUsage: boolean;
  /**
   * Off with `--no-stream` (an extension: `stream: false`, each reply read whole, for servers
   * that do not stream tool calls, or stream them badly).
   */
  readonly stream: boolean;
  /** `--first-byte-timeout SECONDS`, in ms; null keeps the client's default. */
  readonly firstByteTimeoutMs: number | null;
  /** `--idle-timeout SECONDS`, in ms; null keeps the client's default. */
  readonly idleTimeoutMs: number | null;
}

export interface ParsedArgs {
  readonly positional: readonly string[];
  readonly overrides: ConfigOverrides;
  readonly endpoint: EndpointFlags;
  readonly json: boolean;
  readonly suite: string | null;
  /** `eval --seeds N`: run every cell under N seeds (from `--seed`, default 1). */
  readonly seeds: number;
  /** `run --fork FILE`: a Trace JSON file to fork (with `--at`). */
  readonly fork: string | null;
  /** `run --at N`: the step the fork goes on live from. */
  readonly at: number | null;
  /** `run --out FILE`: where to write the run's native `.loopscope.json` as well. */
  readonly out: string | null;
  /** `run|open --html FILE`: where to write the run as a share page (one self-contained HTML file). */
  readonly html: string | null;
  /** `run|open --otlp FILE`: where to write the run as OpenTelemetry (OTLP/JSON; `.jsonl`: JSON Lines). */
  readonly otlp: string | null;
  /** `--openinference`: the `--otlp` file carries OpenInference attributes too. */
  readonly openInference: boolean;
  /** `run --memory FILE`: a reflections JSONL file read before the run and appended after it. */
  readonly memory: string | null;
}

type Setter = (value: string, into: Mutable) => void;
interface Mutable {
  overrides: ConfigOverrides & { reflection: NonNullable<ConfigOverrides['reflection']> };
  endpoint: {
    endpoint: string | null;
    model: string | null;
    apiKeyEnv: string | null;
    includeUsage: boolean;
    stream: boolean;
    firstByteTimeoutMs: number | null;
    idleTimeoutMs: number | null;
  };
  suite: string | null;
  seeds: number;
  fork: string | null;
  at: number | null;
  out: string | null;
  html: string | null;
  otlp: string | null;
  memory: string | null;
}

function oneOf<T extends string>(flag: string, allowed: readonly T[]): (value: string) => T {
  return (value) => {
    if ((allowed as readonly string[]).includes(value)) return value as T;
    throw new UsageError(`${flag}: expected ${allowed.join(' | ')}, got "${value}"`);
  };
}

function integer(flag: string, min: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(number) || number < min) {
      throw new UsageError(`${flag}: expected a whole number ≥ ${min}, got "${value}"`);
    }
    return number;
  };
}

function fraction(flag: string): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 1) {
      throw new UsageError(`${flag}: expected a number from 0 to 1, got "${value}"`);
    }
    return number;
  };
}

/** A limit in seconds, from 1 s to 1 hour (the client's watchdog limits), returned in ms. */
function seconds(flag: string): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number) || number < 1 || number > 3600) {
      throw new UsageError(`${flag}: expected a number of seconds from 1 to 3600, got "${value}"`);
    }
    return Math.round(number * 1000);
  };
}

const VALUE_FLAGS: Record<string, Setter> = {
  '--mode': (v, m) =>
    void (m.overrides.mode = oneOf('--mode', ['act', 'react', 'reflact'] as const)(v)),
  '--reflection': (v, m) =>
    void (m.overrides.reflection.gating = oneOf('--reflection', [
      'off',
      'fixed',
      'adaptive',
    ] as const)(v)),
  '--interval': (v, m) => void (m.overrides.reflection.interval = integer('--interval', 1)(v)),
  '--max-reflections': (v, m) =>
    void (m.overrides.reflection.maxReflections = integer('--max-reflections', 0)(v)),
  '--stall-threshold': (v, m) =>
    void (m.overrides.reflection.stallThreshold = integer('--stall-threshold', 1)(v)),
  '--stall-exit': (v, m) => void (m.overrides.stallExit = integer('--stall-exit', 1)(v)),
  '--max-steps': (v, m) => void (m.overrides.maxSteps = integer('--max-steps', 1)(v)),
  '--duplicates': (v, m) =>
    void (m.overrides.duplicates = oneOf('--duplicates', ['escalate', 'block', 'off'] as const)(v)),
  '--unparseable': (v, m) =>
    void (m.overrides.unparseable = oneOf('--unparseable', ['escalate', 'reprompt'] as const)(v)),
  '--high-confidence': (v, m) =>
    void (m.overrides.highConfidence =
      oneOf('--high-confidence', ['on', 'off'] as const)(v) === 'on'),
  '--attempts': (v, m) => void (m.overrides.attempts = integer('--attempts', 1)(v)),
  '--reward-threshold': (v, m) =>
    void (m.overrides.rewardThreshold = fraction('--reward-threshold')(v)),
  '--reward-source': (v, m) =>
    void (m.overrides.rewardSource = oneOf('--reward-source', [
      'verifier',
      'none',
      'judge',
    ] as const)(v)),
  '--history': (v, m) =>
    void (m.overrides.history = oneOf('--history', ['cross_trajectory', 'cross_task'] as const)(v)),
  '--memory-window': (v, m) => void (m.overrides.memoryWindow = integer('--memory-window', 0)(v)),
  '--protocol': (v, m) =>
    void (m.overrides.protocol = oneOf('--protocol', ['text', 'tools'] as const)(v)),
  '--seed': (v, m) => void (m.overrides.seed = integer('--seed', 0)(v)),
  '--endpoint': (v, m) => void (m.endpoint.endpoint = v),
  '--model': (v, m) => void (m.endpoint.model = v),
  '--api-key-env': (v, m) => void (m.endpoint.apiKeyEnv = v),
  '--first-byte-timeout': (v, m) =>
    void (m.endpoint.firstByteTimeoutMs = seconds('--first-byte-timeout')(v)),
  '--idle-timeout': (v, m) => void (m.endpoint.idleTimeoutMs = seconds('--idle-timeout')(v)),
  '--suite': (v, m) => void (m.suite = v),
  '--seeds': (v, m) => void (m.seeds = integer('--seeds', 1)(v)),
  '--fork': (v, m) => void (m.fork = v),
  '--at': (v, m) => void (m.at = integer('--at', 0)(v)),
  '--out': (v, m) => void (m.out = v),
  '--html': (v, m) => void (m.html = v),
  '--otlp': (v, m) => void (m.otlp = v),
  '--memory': (v, m) => void (m.memory = v),
};

const SWITCHES = [
  '--json',
  '--no-fabrication-guard',
  '--no-include-usage',
  '--no-stream',
  '--openinference',
];

/** Pure: parses argv (after the command name). Throws UsageError naming the bad flag or value. */
export function parseArgs(argv: readonly string[], allowed: readonly string[]): ParsedArgs {
  const into: Mutable = {
    overrides: { reflection: {} },
    endpoint: {
      endpoint: null,
      model: null,
      apiKeyEnv: null,
      includeUsage: true,
      stream: true,
      firstByteTimeoutMs: null,
      idleTimeoutMs: null,
    },
    suite: null,
    seeds: 1,
    fork: null,
    at: null,
    out: null,
    html: null,
    otlp: null,
    memory: null,
  };
  const positional: string[] = [];
  let json = false;
  let openInference = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (!allowed.includes(flag))
      throw new UsageError(`unknown flag ${flag} (see docs/headless-contract.md)`);
    if (SWITCHES.includes(flag)) {
      if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
      if (flag === '--json') json = true;
      else if (flag === '--openinference') openInference = true;
      else if (flag === '--no-include-usage') into.endpoint.includeUsage = false;
      else if (flag === '--no-stream') into.endpoint.stream = false;
      else into.overrides.fabricationGuard = false;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) {
      throw new UsageError(`${flag} needs a value`);
    }
    (VALUE_FLAGS[flag] as Setter)(value, into);
  }
  return {
    positional,
    overrides: into.overrides,
    endpoint: into.endpoint,
    json,
    suite: into.suite,
    seeds: into.seeds,
    fork: into.fork,
    at: into.at,
    out: into.out,
    html: into.html,
    otlp: into.otlp,
    openInference,
    memory: into.memory,
  };
}

export const RUN_FLAGS = [
  ...Object.keys(VALUE_FLAGS).filter((flag) => flag !== '--suite' && flag !== '--seeds'),
  '--json',
  '--no-fabrication-guard',
  '--no-include-usage',
  '--no-stream',
  '--openinference',
];
export const OPEN_FLAGS = ['--json', '--html', '--otlp', '--openinference'];
export const EVAL_FLAGS = [
  '--suite',
  '--json',
  '--endpoint',
  '--model',
  '--api-key-env',
  '--first-byte-timeout',
  '--idle-timeout',
  '--protocol',
  '--no-include-usage',
  '--no-stream',
  '--seed',
  '--seeds',
];
