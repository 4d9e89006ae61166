/**
 * The `loop` CLI through its real entry point: every test spawns `tsx src/cli/main.ts` as a child
 * process (cwd = repo root) and checks what the headless contract (issue 2, section 4) promises on
 * stdout, stderr and the exit status.
 */
import { execFile } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cliCommand } from './cli-bundle.test-support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const MAIN = 'src/cli/main.ts';
const TIMEOUT = 30_000;

interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Spawns the real CLI from the repo root: src/cli/main.ts bundled once for the run
 * (cli-bundle.test-support.ts); the first test checks `tsx src/cli/main.ts` prints the same.
 */
function loop(...args: string[]): Promise<CliResult> {
  return loopWithEnv({}, ...args);
}

/** Spawns the real CLI with extra environment variables. */
function loopWithEnv(env: Record<string, string>, ...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      ...cliCommand([...args]),
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

// ---- The shapes of the contract's JSON (only what the tests read) ----

interface Message {
  role: string;
  content: string;
}
interface Observation {
  ok: boolean;
  result: unknown;
  empty: boolean;
}
interface TraceStep {
  index: number;
  attempt: number;
  phase: string;
  kind: string;
  trigger: string | null;
  modelCall: {
    messages: Message[];
    text: string;
    usage: { promptTokens: number; completionTokens: number };
    latencyMs: number;
  } | null;
  reflection: { state: string; discovery: string; goalRelation: string } | null;
  decision: {
    intent: string;
    action: { tool: string; args: Record<string, unknown> } | null;
    evidenceRefs: number[];
    policy: { outcome: string; reason: string | null };
    confidence: number;
  };
  observation: Observation | null;
  reward: number | null;
  framing: string | null;
}
interface Metrics {
  llmCalls: number;
  reflections: number;
  toolCalls: number;
  emptyToolCalls: number;
  duplicateToolHits: number;
  fabricationHits: number;
  promptTokens: number;
  completionTokens: number;
  attempts: number;
}
interface TraceJson {
  format: string;
  version: number;
  scenario: string;
  config: Record<string, unknown> & {
    mode: string;
    reflection: {
      gating: string;
      interval: number;
      maxReflections: number;
      stallThreshold: number;
    };
  };
  stopReason: string;
  escalation: { reason: string; detail: string } | null;
  error: { code: string; message: string } | null;
  answer: string | null;
  steps: TraceStep[];
  metrics: Metrics;
}
interface EvalRow {
  scenario: string;
  tags: string[];
  config: TraceJson['config'];
  stopReason: string;
  correct: boolean | null;
  metrics: Metrics;
}

const DEFAULT_CONFIG = {
  mode: 'react',
  reflection: { gating: 'adaptive', interval: 3, maxReflections: 2, stallThreshold: 1 },
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
};

const METRIC_KEYS = [
  'llmCalls',
  'reflections',
  'toolCalls',
  'emptyToolCalls',
  'duplicateToolHits',
  'fabricationHits',
  'promptTokens',
  'completionTokens',
  'attempts',
  'latencyMs',
];

const STEP_KEYS = [
  'index',
  'attempt',
  'phase',
  'kind',
  'trigger',
  'modelCall',
  'reflection',
  'decision',
  'observation',
  'reward',
  'framing',
];

const SCENARIO_DIR = path.join(ROOT, 'src/scenarios');

function builtinFile(id: string): {
  task: string;
  expected?: { stopReason?: string };
  tags?: string[];
} {
  return JSON.parse(readFileSync(path.join(SCENARIO_DIR, `${id}.json`), 'utf8'));
}

/** Runs `run ... --json`, expects a clean exit, and parses stdout (which must be only JSON). */
async function runJson(...args: string[]): Promise<TraceJson> {
  const result = await loop('run', ...args, '--json');
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as TraceJson;
}

const reflectionSteps = (trace: TraceJson) => trace.steps.filter((s) => s.kind === 'reflection');

/** One-line error on stderr, nothing on stdout, a non-zero exit, no stack trace. */
function expectBadInput(result: CliResult, ...mentions: string[]): void {
  expect(result.stdout).toBe('');
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBeNull();
  expect(result.stderr).toMatch(/^loop: /);
  expect(result.stderr.endsWith('\n')).toBe(true);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toContain('    at ');
  for (const mention of mentions) expect(result.stderr).toContain(mention);
}

// ---- A scenario file written against the contract text by "someone else" ----

const EXTERNAL_SCENARIO = {
  format: 'loopscope.scenario',
  version: 1,
  id: 'ext-inventory-lookup',
  title: 'External: stock of a SKU and the reorder rule',
  task: 'How many units of SKU A-17 are in warehouse 4, and when must we reorder?',
  tags: ['external', 'clear-cut'],
  tools: [
    {
      name: 'get_stock',
      description: 'Stock of a SKU in a warehouse',
      parameters: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          warehouse: { type: 'integer' },
          fresh: { type: 'boolean' },
        },
        required: ['sku', 'warehouse'],
      },
    },
    {
      name: 'lexical_search',
      description: 'Keyword search in the handbook',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string' } },
        required: ['query'],
      },
    },
  ],
  fixtures: [
    {
      tool: 'get_stock',
      args: { sku: 'A-17', warehouse: 4 },
      result: { sku: 'A-17', warehouse: 4, units: 12 },
    },
  ],
  corpus: [
    {
      id: 'reorder',
      title: 'Reordering',
      text: 'Reorder a SKU when fewer than 20 units remain in a warehouse.',
    },
    { id: 'returns', title: 'Returns', text: 'Returned goods are inspected within two days.' },
  ],
  expected: { answerIncludes: ['12 units', '20'] },
  model: {
    kind: 'scripted',
    turns: [
      'Thought: check the stock\nAction: tool:get_stock sku=A-17 warehouse=4 fresh=false',
      'Thought: and warehouse 5\nAction: tool:get_stock sku=A-17 warehouse=5',
      'Thought: look up the reorder rule\nAction: tool:lexical_search query="reorder units"',
      'Thought: anything on zebras?\nAction: tool:lexical_search query=zebrafish',
      'Thought: done\nFinal Answer: Warehouse 4 holds 12 units of A-17; reorder below 20 units.',
    ],
    reflections: [
      '{"thought": "Warehouse 5 has no stock record; the handbook is the next source."}',
      '{"thought": "Nothing on zebras; I have what I need."}',
    ],
  },
};

let tmp = '';
let suiteDir = '';
let badDir = '';
let externalFile = '';

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'loopscope-cli-'));
  suiteDir = path.join(tmp, 'suite');
  badDir = path.join(tmp, 'bad');
  mkdirSync(suiteDir);
  mkdirSync(badDir);
  externalFile = path.join(suiteDir, 'inventory.json');
  writeFileSync(externalFile, JSON.stringify(EXTERNAL_SCENARIO, null, 2));

  const happy = JSON.parse(readFileSync(path.join(SCENARIO_DIR, 'shopops-happy.json'), 'utf8'));
  writeFileSync(
    path.join(badDir, 'invalid.json'),
    '{\n  "format": "loopscope.scenario",\n  "version": 1\n  "id": "x"\n}\n',
  );
  writeFileSync(
    path.join(badDir, 'bad-tool.json'),
    JSON.stringify(
      { ...happy, tools: [{ ...happy.tools[0], name: 42 }, ...happy.tools.slice(1)] },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(badDir, 'version-2.json'),
    JSON.stringify({ ...happy, version: 2 }, null, 2),
  );
});

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

// ---- 1. one run as JSON ----

describe('loop run <scenario> --json', () => {
  let happyStdout = '';

  it(
    'prints only the Trace JSON v1 with the resolved default config, full steps and metrics',
    async () => {
      const result = await loop('run', 'shopops-happy', '--json');
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      happyStdout = result.stdout;
      const trace = JSON.parse(result.stdout) as TraceJson;

      expect(trace.format).toBe('loopscope.trace');
      expect(trace.version).toBe(1);
      expect(trace.scenario).toBe('shopops-happy');
      expect(trace.config).toEqual(DEFAULT_CONFIG);
      expect(trace.stopReason).toBe('answer');
      expect(trace.escalation).toBeNull();
      expect(trace.error).toBeNull();
      expect(trace.answer).toContain('32 days');

      expect(Object.keys(trace.metrics).sort()).toEqual([...METRIC_KEYS].sort());
      for (const key of METRIC_KEYS)
        expect(typeof trace.metrics[key as keyof Metrics]).toBe('number');
      expect(trace.metrics).toMatchObject({
        llmCalls: 3,
        toolCalls: 2,
        reflections: 0,
        attempts: 1,
      });

      expect(trace.steps.length).toBeGreaterThan(0);
      trace.steps.forEach((step, i) => {
        for (const key of STEP_KEYS) expect(step, `step ${i} has ${key}`).toHaveProperty(key);
        expect(step.index).toBe(i);
        expect(step.attempt).toBe(1);
        expect(typeof step.phase).toBe('string');
        expect(['action', 'reflection', 'answer', 'escalate', 'attempt_reflection']).toContain(
          step.kind,
        );
        expect(step.trigger).toBeNull();
        const call = step.modelCall;
        expect(call).not.toBeNull();
        expect(Array.isArray(call?.messages)).toBe(true);
        for (const message of call?.messages ?? []) {
          expect(typeof message.role).toBe('string');
          expect(typeof message.content).toBe('string');
        }
        expect(typeof call?.text).toBe('string');
        expect(typeof call?.usage.promptTokens).toBe('number');
        expect(typeof call?.usage.completionTokens).toBe('number');
        expect(typeof call?.latencyMs).toBe('number');
        expect(step.decision).toMatchObject({ confidence: 0 });
        expect(['tool', 'answer', 'escalate', 'reflect']).toContain(step.decision.intent);
        expect(Array.isArray(step.decision.evidenceRefs)).toBe(true);
        expect(step.decision.policy).toEqual({ outcome: 'allowed', reason: null });
        expect(step.reward).toBeNull();
        expect(step.framing).toBeNull();
      });

      const [first, second, last] = trace.steps;
      expect(first?.kind).toBe('action');
      expect(first?.decision.action).toEqual({ tool: 'get_order', args: { case_id: 'O-1001' } });
      expect(first?.observation).toMatchObject({ ok: true, empty: false });
      expect(second?.decision.action?.tool).toBe('list_order_notes');
      expect(last?.kind).toBe('answer');
      expect(last?.decision.intent).toBe('answer');
      expect(last?.decision.evidenceRefs).toEqual([0, 1]);

      // The task goes verbatim into the first user message of the first model call.
      const firstUser = first?.modelCall?.messages.find((message) => message.role === 'user');
      expect(firstUser?.content).toBe(builtinFile('shopops-happy').task);
    },
    TIMEOUT,
  );

  // ---- 2. flags reach the config ----

  const FLAGS: ReadonlyArray<readonly [string, string | null]> = [
    ['--mode', 'reflact'],
    ['--reflection', 'fixed'],
    ['--interval', '2'],
    ['--max-reflections', '1'],
    ['--stall-threshold', '2'],
    ['--stall-exit', '4'],
    ['--max-steps', '7'],
    ['--duplicates', 'block'],
    ['--no-fabrication-guard', null],
    ['--unparseable', 'reprompt'],
    ['--high-confidence', 'on'],
    ['--attempts', '2'],
    ['--reward-threshold', '0.5'],
    ['--reward-source', 'none'],
    ['--history', 'cross_task'],
    ['--memory-window', '2'],
    ['--seed', '9'],
  ];
  const FLAGGED_CONFIG = {
    mode: 'reflact',
    reflection: { gating: 'fixed', interval: 2, maxReflections: 1, stallThreshold: 2 },
    stallExit: 4,
    maxSteps: 7,
    duplicates: 'block',
    fabricationGuard: false,
    unparseable: 'reprompt',
    highConfidence: true,
    attempts: 2,
    rewardThreshold: 0.5,
    rewardSource: 'none',
    history: 'cross_task',
    memoryWindow: 2,
    protocol: 'text',
    seed: 9,
  };

  it(
    'puts every flag (`--flag value` form) into the resolved config',
    async () => {
      const argv = FLAGS.flatMap(([flag, value]) => (value === null ? [flag] : [flag, value]));
      const trace = await runJson('triage-priority-retry', ...argv);
      expect(trace.config).toEqual(FLAGGED_CONFIG);
    },
    TIMEOUT,
  );

  // ---- 3. determinism ----

  it(
    'accepts the `--flag=value` form, and the same scenario, config and seed give byte-identical stdout',
    async () => {
      const argv = FLAGS.map(([flag, value]) => (value === null ? flag : `${flag}=${value}`));
      const [a, b, happyAgain] = await Promise.all([
        loop('run', 'triage-priority-retry', ...argv, '--json'),
        loop('run', 'triage-priority-retry', ...argv, '--json'),
        loop('run', 'shopops-happy', '--json'),
      ]);
      for (const result of [a, b, happyAgain]) {
        expect(result.code).toBe(0);
        expect(result.stderr).toBe('');
      }
      expect((JSON.parse(a.stdout) as TraceJson).config).toEqual(FLAGGED_CONFIG);
      expect(a.stdout).toBe(b.stdout);
      expect(happyStdout).not.toBe('');
      expect(happyAgain.stdout).toBe(happyStdout);
    },
    TIMEOUT,
  );
});

describe('npm run loop (tsx src/cli/main.ts)', () => {
  /** `npm run loop -- ...args` without npm: what package.json's `loop` script starts. */
  function tsxLoop(...args: string[]): Promise<CliResult> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [TSX, MAIN, ...args],
        { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
  }

  it(
    'prints what the bundle the other tests spawn prints, a run and a refusal alike',
    async () => {
      const [tsxRun, bundleRun, tsxRefusal, bundleRefusal] = await Promise.all([
        tsxLoop('run', 'shopops-happy', '--json'),
        loop('run', 'shopops-happy', '--json'),
        tsxLoop('run', 'no-such-scenario'),
        loop('run', 'no-such-scenario'),
      ]);
      expect(tsxRun.code).toBe(0);
      expect((JSON.parse(tsxRun.stdout) as TraceJson).scenario).toBe('shopops-happy');
      expect(bundleRun).toEqual(tsxRun);
      expect(tsxRefusal.code).toBe(2);
      expect(tsxRefusal.stderr).toMatch(/unknown scenario "no-such-scenario"/);
      expect(bundleRefusal).toEqual(tsxRefusal);
    },
    TIMEOUT,
  );
});

// ---- 4. escalations are normal outcomes ----

describe('guards end runs as escalations, exit 0', () => {
  it(
    'the hostile loop escalates on the duplicate get_order',
    async () => {
      const trace = await runJson('shopops-hostile-loop');
      expect(trace.stopReason).toBe('escalate');
      expect(trace.escalation?.reason).toBe('duplicate_tool_call');
      expect(trace.answer).toBeNull();
      expect(trace.metrics.duplicateToolHits).toBe(1);
      expect(trace.metrics.toolCalls).toBe(1);
      const last = trace.steps.at(-1);
      expect(last?.kind).toBe('escalate');
      expect(last?.decision.policy).toEqual({ outcome: 'denied', reason: 'duplicate_tool_call' });
    },
    TIMEOUT,
  );

  it(
    'the fabricated agreement is withheld by the fabrication guard, and stands without it',
    async () => {
      const [guarded, unguarded] = await Promise.all([
        runJson('shopops-fabricated-agreement'),
        runJson('shopops-fabricated-agreement', '--no-fabrication-guard'),
      ]);

      expect(guarded.stopReason).toBe('escalate');
      expect(guarded.escalation?.reason).toBe('fabrication');
      expect(guarded.answer).toBeNull();
      expect(guarded.metrics.fabricationHits).toBe(1);
      const denied = guarded.steps.find((step) => step.kind === 'escalate');
      expect(denied?.decision.policy).toEqual({ outcome: 'denied', reason: 'fabrication' });
      // The "Observation:" the model wrote itself is never taken as one.
      for (const step of guarded.steps) {
        expect(JSON.stringify(step.observation?.result ?? null)).not.toContain('agreed_resolution');
      }

      expect(unguarded.config.fabricationGuard).toBe(false);
      expect(unguarded.stopReason).toBe('answer');
      expect(unguarded.escalation).toBeNull();
      expect(unguarded.answer).toContain('reship');
      expect(unguarded.metrics.fabricationHits).toBe(1);
    },
    TIMEOUT,
  );
});

// ---- 5. reflection gating ----

describe('reflection phases', () => {
  it(
    'adaptive reflects on stall signals, off never reflects, fixed reflects on cadence up to the cap',
    async () => {
      const [adaptive, off, fixed, fixedCapOne] = await Promise.all([
        runJson('rca-search-stall'),
        runJson('rca-search-stall', '--reflection', 'off'),
        runJson('rca-search-stall', '--reflection', 'fixed', '--interval', '1'),
        runJson('rca-search-stall', '--reflection=fixed', '--interval=1', '--max-reflections=1'),
      ]);

      // adaptive: the first empty search-api lead opens the gate (stall threshold 1), and the
      // simulated model, redirected by the reflection, recovers.
      expect(adaptive.stopReason).toBe('answer');
      const adaptiveReflections = reflectionSteps(adaptive);
      expect(adaptiveReflections.length).toBeGreaterThan(0);
      expect(adaptive.metrics.reflections).toBe(adaptiveReflections.length);
      for (const step of adaptiveReflections) {
        expect(step.trigger).toBe('stall');
        expect(step.decision.intent).toBe('reflect');
        expect(step.decision.action).toBeNull();
        expect(step.observation).toBeNull();
        expect(step.reflection).not.toBeNull();
        // A reflection-phase call sees the latest observation, then the reflection prompt.
        const messages = step.modelCall?.messages ?? [];
        expect(messages.at(-1)?.role).toBe('user');
        expect(messages.map((message) => message.content).join('\n')).toContain('Observation');
      }
      // Reflection phases do not use up max-steps and are counted as LLM calls.
      const actionCalls = adaptive.steps.filter((step) => step.kind !== 'reflection').length;
      expect(adaptive.metrics.llmCalls).toBe(actionCalls + adaptiveReflections.length);

      expect(off.config.reflection.gating).toBe('off');
      expect(reflectionSteps(off)).toHaveLength(0);
      expect(off.metrics.reflections).toBe(0);
      // Unredirected, the simulated model perseveres on the dead ends until the stall exit.
      expect(off.stopReason).toBe('stalled');

      // fixed, interval 1: a reflection after every action step until max-reflections (2) is used.
      const fixedReflections = reflectionSteps(fixed);
      const actionSteps = fixed.steps.filter((step) => step.kind === 'action').length;
      expect(actionSteps).toBeGreaterThan(2);
      expect(fixedReflections).toHaveLength(2);
      expect(fixed.metrics.reflections).toBe(2);
      for (const step of fixedReflections) expect(step.trigger).toBe('cadence');
      expect(fixed.steps[0]?.kind).toBe('action');
      expect(fixed.steps[1]?.kind).toBe('reflection');

      expect(fixedCapOne.config.reflection).toEqual({
        gating: 'fixed',
        interval: 1,
        maxReflections: 1,
        stallThreshold: 1,
      });
      expect(reflectionSteps(fixedCapOne).map((step) => step.trigger)).toEqual(['cadence']);
      expect(fixedCapOne.metrics.reflections).toBe(1);
    },
    TIMEOUT,
  );
});

// ---- 6. attempts ----

describe('Reflexion-style attempts', () => {
  it(
    'a failed first attempt is reflected on and the second attempt sees the reflection',
    async () => {
      const [retried, noRetry] = await Promise.all([
        runJson('triage-priority-retry', '--attempts', '2'),
        runJson('triage-priority-retry', '--attempts', '2', '--reward-threshold', '0'),
      ]);

      expect(retried.stopReason).toBe('answer');
      expect(retried.answer).toContain('P1');
      expect(retried.metrics.attempts).toBe(2);
      const reflection = retried.steps.find((step) => step.kind === 'attempt_reflection');
      expect(reflection).toBeDefined();
      expect(reflection?.attempt).toBe(1);
      expect(reflection?.reward).toBe(0);
      expect(reflection?.framing).toBe('failure');
      expect(retried.metrics.reflections).toBe(0);

      const secondAttempt = retried.steps.filter((step) => step.attempt === 2);
      expect(secondAttempt.length).toBeGreaterThan(0);
      expect(secondAttempt.every((step) => step.kind !== 'attempt_reflection')).toBe(true);
      const system = secondAttempt[0]?.modelCall?.messages.find((m) => m.role === 'system');
      expect(system?.content).toContain('Reflections from previous attempts:');
      expect(system?.content).toContain('[Reflection 1]');
      expect(system?.content).toContain(reflection?.modelCall?.text ?? '<missing>');

      // reward 0 is not below a threshold of 0: the first attempt ends the run.
      expect(noRetry.config.rewardThreshold).toBe(0);
      expect(noRetry.metrics.attempts).toBe(1);
      expect(noRetry.steps.some((step) => step.kind === 'attempt_reflection')).toBe(false);
      expect(noRetry.steps.every((step) => step.attempt === 1)).toBe(true);
      expect(noRetry.answer).toContain('P3');
    },
    TIMEOUT,
  );
});

// ---- 7. bad input ----

describe('bad input: one line on stderr, nothing on stdout, non-zero exit', () => {
  it(
    'unknown scenarios and broken scenario files',
    async () => {
      const missing = path.join(tmp, 'no-such-scenario.json');
      const [unknownId, missingFile, invalidJson, badField, version2, directory] =
        await Promise.all([
          loop('run', 'no-such-scenario-id'),
          loop('run', missing, '--json'),
          loop('run', path.join(badDir, 'invalid.json'), '--json'),
          loop('run', path.join(badDir, 'bad-tool.json'), '--json'),
          loop('run', path.join(badDir, 'version-2.json'), '--json'),
          loop('run', suiteDir),
        ]);
      expectBadInput(unknownId, 'no-such-scenario-id');
      expectBadInput(missingFile, missing);
      expectBadInput(invalidJson, 'invalid.json');
      expect(invalidJson.stderr).toMatch(/line \d+/);
      expectBadInput(badField, '$.tools[0].name');
      expectBadInput(version2, '$.version');
      expect(version2.stderr).toContain('2');
      expectBadInput(directory, suiteDir, 'directory');
    },
    TIMEOUT,
  );

  it(
    'bad flag values, unknown flags, missing values, missing arguments, unknown commands',
    async () => {
      const cases: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
        [
          ['run', 'shopops-happy', '--mode', 'foo'],
          ['--mode', 'foo'],
        ],
        [
          ['run', 'shopops-happy', '--max-steps', '0'],
          ['--max-steps', '0'],
        ],
        [
          ['run', 'shopops-happy', '--reward-threshold', '2', '--json'],
          ['--reward-threshold', '2'],
        ],
        [['run', 'shopops-happy', '--frobnicate'], ['--frobnicate']],
        [['run', 'shopops-happy', '--interval'], ['--interval']],
        [['run'], ['scenario']],
        [['frobnicate'], ['frobnicate']],
      ];
      const results = await Promise.all(cases.map(([argv]) => loop(...argv)));
      results.forEach((result, i) => {
        const [, mentions] = cases[i] as (typeof cases)[number];
        expectBadInput(result, ...mentions);
      });
    },
    TIMEOUT,
  );
});

// ---- an extension: fork a recorded run from a step ----

describe('loop run --fork TRACE.json --at STEP', () => {
  it(
    'replays the steps before STEP from the file and goes on live with the flags changed',
    async () => {
      const recorded = await loop('run', 'rca-search-stall', '--json');
      expect(recorded.code).toBe(0);
      const file = path.join(tmp, 'recorded.json');
      writeFileSync(file, recorded.stdout);
      const original = JSON.parse(recorded.stdout) as TraceJson;

      const [same, off, text] = await Promise.all([
        loop('run', '--fork', file, '--at', '2', '--json'),
        loop(
          'run',
          'rca-search-stall',
          '--fork',
          file,
          '--at',
          '1',
          '--reflection',
          'off',
          '--json',
        ),
        loop('run', '--fork', file, '--at', '1', '--reflection', 'off'),
      ]);
      // The same settings: the same run again, marked as a fork.
      const again = JSON.parse(same.stdout) as TraceJson & { forkedFrom: unknown };
      expect(again.steps).toEqual(original.steps);
      expect(again.forkedFrom).toEqual({ step: 2 });
      // Reflection off from step 1: step 0 as recorded, then the run stalls without reflecting.
      const forked = JSON.parse(off.stdout) as TraceJson & { forkedFrom: unknown };
      expect(forked.steps[0]).toEqual(original.steps[0]);
      expect(forked.config).toEqual({
        ...original.config,
        reflection: { ...original.config.reflection, gating: 'off' },
      });
      expect(forked.steps.map((step) => step.kind)).not.toContain('reflection');
      expect(forked.stopReason).toBe('stalled');
      expect(text.stdout).toContain('forked at step 1');
      expect(text.stdout).toContain('── live from here');
    },
    TIMEOUT,
  );

  it(
    'names what is wrong with the file, the step or the pairing of flags',
    async () => {
      const recorded = await loop('run', 'shopops-happy', '--json');
      const file = path.join(tmp, 'happy.json');
      writeFileSync(file, recorded.stdout);
      const broken = path.join(tmp, 'broken-trace.json');
      writeFileSync(broken, recorded.stdout.replace('"loopscope.trace"', '"loopscope.scenario"'));
      const [missing, invalid, range, other, lonely] = await Promise.all([
        loop('run', '--fork', path.join(tmp, 'nope.json'), '--at', '1'),
        loop('run', '--fork', broken, '--at', '1'),
        loop('run', '--fork', file, '--at', '99'),
        loop('run', 'rca-search-stall', '--fork', file, '--at', '1'),
        loop('run', '--fork', file),
      ]);
      expectBadInput(missing, 'nope.json', 'cannot read');
      expectBadInput(invalid, 'broken-trace.json', '$.format');
      expectBadInput(range, 'no step 99');
      expectBadInput(other, 'shopops-happy', 'rca-search-stall');
      expectBadInput(lonely, '--at');
    },
    TIMEOUT,
  );
});

// ---- an extension: open, keep and send runs as files (issue 10) ----

describe('loop open FILE and loop run --out FILE', () => {
  it(
    'a run kept with --out opens as loop run printed it; so does its --json (Trace JSON v1)',
    async () => {
      const native = path.join(tmp, 'stall.loopscope.json');
      const [recorded, table] = await Promise.all([
        loop('run', 'rca-search-stall', '--json', '--out', native),
        loop('run', 'rca-search-stall'),
      ]);
      expect(recorded.code).toBe(0);
      const v1 = path.join(tmp, 'stall.json');
      writeFileSync(v1, recorded.stdout);
      const file = JSON.parse(readFileSync(native, 'utf8')) as Record<string, unknown>;
      expect(file).toMatchObject({ format: 'loopscope.trace', version: 2 });
      expect((file['scenarioDefinition'] as { id: string }).id).toBe('rca-search-stall');

      const [nativeJson, v1Json, nativeText, scenario] = await Promise.all([
        loop('open', native, '--json'),
        loop('open', v1, '--json'),
        loop('open', native),
        loop('open', externalFile),
      ]);
      expect(nativeJson.stderr).toBe('');
      expect(nativeJson.code).toBe(0);
      expect(nativeJson.stdout).toBe(recorded.stdout);
      expect(v1Json.stdout).toBe(recorded.stdout);
      expect(nativeText.stdout).toBe(table.stdout);
      expect(scenario.stdout).toBe(
        'scenario ext-inventory-lookup · External: stock of a SKU and the reorder rule · tools: get_stock, lexical_search\n',
      );
    },
    TIMEOUT,
  );

  it(
    "a native file of a user's own scenario forks without naming the scenario (it is in the file)",
    async () => {
      const native = path.join(tmp, 'inventory.loopscope.json');
      const recorded = await loop('run', externalFile, '--json', '--out', native);
      expect(recorded.code).toBe(0);
      const fork = await loop('run', '--fork', native, '--at', '2', '--json');
      expect(fork.stderr).toBe('');
      const forked = JSON.parse(fork.stdout) as TraceJson & { forkedFrom: unknown };
      expect(forked.steps).toEqual((JSON.parse(recorded.stdout) as TraceJson).steps);
      expect(forked.forkedFrom).toEqual({ step: 2 });
    },
    TIMEOUT,
  );

  it(
    'a file it cannot open: exit 2, one line naming the file, where and what',
    async () => {
      const write = (name: string, text: string): string => {
        const file = path.join(badDir, name);
        writeFileSync(file, text);
        return file;
      };
      const notes = write('notes.txt', 'hello\n');
      const deep = write('deep.json', `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      const proto = write(
        'proto.json',
        JSON.stringify(EXTERNAL_SCENARIO).replace('"args":{', '"args":{"__proto__":{"x":1},'),
      );
      const library = write('library.json', '{"format": "loopscope.library", "runs": []}');
      const huge = path.join(badDir, 'huge.loopscope.json');
      writeFileSync(huge, '');
      truncateSync(huge, 200 * 1024 * 1024 + 1); // sparse: nothing is written, stat says 200 MB
      const results = await Promise.all([
        loop('open', notes),
        loop('open', deep),
        loop('open', proto),
        loop('open', library),
        loop('open', huge),
        loop('run', deep),
      ]);
      const [notJson, tooDeep, forbidden, other, tooLarge, deepScenario] = results;
      for (const result of results) expect(result.code).toBe(2);
      expectBadInput(notJson!, `${notes}: not JSON (line 1, column 1: `);
      expectBadInput(
        tooDeep!,
        `${deep}: $[0][0]`,
        'nested deeper than 256 levels (line 1, column 257)',
      );
      expectBadInput(
        forbidden!,
        '$.fixtures[0].args.__proto__: the key "__proto__" is not allowed',
      );
      expectBadInput(other!, 'loopscope.library', 'in the app');
      expectBadInput(tooLarge!, `${huge}: 200.1 MB, larger than the 200 MB Loopscope opens`);
      expectBadInput(deepScenario!, 'nested deeper than 256 levels');
    },
    TIMEOUT,
  );
});

// ---- 8. a scenario file written by someone else ----

describe('a scenario file written against the contract', () => {
  it(
    'runs: typed tool:NAME arguments match fixtures, corpus tools search, misses are empty',
    async () => {
      const trace = await runJson(externalFile);
      expect(trace.scenario).toBe('ext-inventory-lookup');
      expect(trace.config.mode).toBe('react'); // no defaultMode
      expect(trace.stopReason).toBe('answer');
      expect(trace.answer).toContain('12 units');

      const actions = trace.steps.filter((step) => step.kind === 'action');
      const [stock, missingStock, hit, miss] = actions;
      expect(actions).toHaveLength(4);

      // `warehouse` is typed integer and `fresh` boolean: converted, so the fixture (4) matches.
      expect(stock?.decision.action).toEqual({
        tool: 'get_stock',
        args: { sku: 'A-17', warehouse: 4, fresh: false },
      });
      expect(typeof stock?.decision.action?.args['warehouse']).toBe('number');
      expect(stock?.observation).toEqual({
        ok: true,
        result: { sku: 'A-17', warehouse: 4, units: 12 },
        empty: false,
      });

      // No fixture match outside the corpus tools: ok false, and empty.
      expect(missingStock?.decision.action?.args['warehouse']).toBe(5);
      expect(missingStock?.observation).toMatchObject({ ok: false, empty: true });

      // lexical_search without a fixture searches the corpus: {id, title, text, score}, best first.
      expect(hit?.decision.action).toEqual({
        tool: 'lexical_search',
        args: { query: 'reorder units' },
      });
      expect(hit?.observation?.ok).toBe(true);
      expect(hit?.observation?.empty).toBe(false);
      const docs = hit?.observation?.result as Array<{
        id: string;
        title: string;
        text: string;
        score: number;
      }>;
      expect(Array.isArray(docs)).toBe(true);
      expect(docs.length).toBeGreaterThan(0);
      expect(docs.length).toBeLessThanOrEqual(5);
      expect(docs[0]).toMatchObject({ id: 'reorder', title: 'Reordering' });
      for (const doc of docs) {
        expect(Object.keys(doc).sort()).toEqual(['id', 'score', 'text', 'title']);
        expect(doc.score).toBeGreaterThanOrEqual(0);
        expect(doc.score).toBeLessThanOrEqual(1);
      }
      expect(docs.map((doc) => doc.id)).not.toContain('returns');

      // No corpus match: ok with [], which is empty.
      expect(miss?.observation).toEqual({ ok: true, result: [], empty: true });

      expect(trace.metrics.toolCalls).toBe(4);
      expect(trace.metrics.emptyToolCalls).toBe(2);
      for (const step of reflectionSteps(trace)) expect(step.trigger).toBe('stall');
    },
    TIMEOUT,
  );
});

// ---- 9. eval ----

describe('loop eval', () => {
  const builtinIds = readdirSync(SCENARIO_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''));
  const EVAL_CONFIGS = [
    ['react', 'off'],
    ['react', 'fixed'],
    ['react', 'adaptive'],
    ['reflact', 'adaptive'],
  ];

  it(
    '--json prints only the matrix rows: 4 default configs per built-in scenario',
    async () => {
      const result = await loop('eval', '--json');
      expect(result.code).toBe(0);
      expect(result.stderr).toBe('');
      const rows = JSON.parse(result.stdout) as EvalRow[];
      expect(Array.isArray(rows)).toBe(true);
      expect(rows).toHaveLength(builtinIds.length * EVAL_CONFIGS.length);
      expect(new Set(rows.map((row) => row.scenario))).toEqual(new Set(builtinIds));

      for (const id of builtinIds) {
        const file = builtinFile(id);
        const mine = rows.filter((row) => row.scenario === id);
        expect(mine.map((row) => [row.config.mode, row.config.reflection.gating])).toEqual(
          EVAL_CONFIGS,
        );
        for (const row of mine) {
          expect(Object.keys(row).sort()).toEqual(
            ['config', 'correct', 'metrics', 'scenario', 'stopReason', 'tags'].sort(),
          );
          expect(row.tags).toEqual(file.tags ?? []);
          expect(Object.keys(row.config).sort()).toEqual(Object.keys(DEFAULT_CONFIG).sort());
          expect(Object.keys(row.metrics).sort()).toEqual([...METRIC_KEYS].sort());
          if (file.expected === undefined) expect(row.correct).toBeNull();
          else expect(typeof row.correct).toBe('boolean');
          if (row.correct === true)
            expect(row.stopReason).toBe(file.expected?.stopReason ?? 'answer');
        }
      }
      const happy = rows.filter((row) => row.scenario === 'shopops-happy');
      expect(happy.every((row) => row.correct === true)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'prints a table with a header line, runs a directory suite, and rejects a missing suite',
    async () => {
      const [table, suite, missing] = await Promise.all([
        loop('eval'),
        loop('eval', '--suite', suiteDir, '--json'),
        loop('eval', '--suite', '/nonexistent-loopscope-suite'),
      ]);

      expect(table.code).toBe(0);
      expect(table.stderr).toBe('');
      const [matrix = '', summary = ''] = table.stdout.trimEnd().split('\n\n');
      const lines = matrix.split('\n');
      expect(lines[0]).toMatch(/scenario/);
      expect(lines[0]).toMatch(/correct/);
      expect(lines).toHaveLength(1 + builtinIds.length * EVAL_CONFIGS.length);
      expect(summary).toMatch(/^Summary by tag and config/);
      expect(summary).toMatch(/\nstalling +react\+off +3 /);
      expect(() => JSON.parse(table.stdout)).toThrow();

      expect(suite.code).toBe(0);
      expect(suite.stderr).toBe('');
      const rows = JSON.parse(suite.stdout) as EvalRow[];
      expect(rows).toHaveLength(EVAL_CONFIGS.length);
      expect(rows.every((row) => row.scenario === 'ext-inventory-lookup')).toBe(true);
      expect(rows[0]?.tags).toEqual(['external', 'clear-cut']);
      expect(rows.map((row) => [row.config.mode, row.config.reflection.gating])).toEqual(
        EVAL_CONFIGS,
      );
      expect(rows[0]).toMatchObject({ stopReason: 'answer', correct: true });

      expectBadInput(missing, '/nonexistent-loopscope-suite');
    },
    TIMEOUT,
  );
});

// ---- 10. real endpoints (--endpoint) ----

/**
 * A local OpenAI-compatible server in the test process (the spawned CLI cannot see MSW). Paths
 * pick its behaviour: /happy replies the shopops-happy turns, /answer always answers at once
 * (slowly, to see eval's concurrency), /unauthorized answers 401 echoing the key it got.
 */
interface Received {
  readonly path: string;
  readonly method: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: {
    model?: string;
    stream?: boolean;
    stream_options?: unknown;
    messages: Message[];
  };
}

const HAPPY_TURNS = [
  'Thought: need the order first\nAction: tool:get_order case_id=O-1001',
  'Thought: check the notes\nAction: tool:list_order_notes case_id=O-1001',
  'Thought: done.\nAction: answer Order O-1001 shipped 32 days ago; the parcel is held at the depot. No resolution has been agreed yet.',
];
const KEY = 'sk-loopscope-cli-test-7f3a9c';

describe('loop run/eval --endpoint (a real OpenAI-compatible server)', () => {
  let server: http.Server;
  let base = '';
  const received: Received[] = [];
  let inFlight = 0;
  let maxInFlight = 0;

  const sse = (res: http.ServerResponse, frames: unknown[]) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    for (const frame of frames) res.write(`data: ${JSON.stringify(frame)}\n\n`);
    res.end('data: [DONE]\n\n');
  };
  const reply = (text: string, turn: number) => [
    { choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
    ...(text.match(/[\s\S]{1,16}/g) ?? []).map((piece) => ({
      choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
    })),
    { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
    { choices: [], usage: { prompt_tokens: 100 + turn, completion_tokens: 10 + turn } },
  ];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const body = (raw ? JSON.parse(raw) : { messages: [] }) as Received['body'];
        const path = req.url ?? '';
        received.push({ path, method: req.method ?? '', headers: req.headers, body });
        const turn = body.messages.filter((message) => message.role === 'assistant').length;
        if (path.startsWith('/unauthorized/')) {
          res.writeHead(401, { 'Content-Type': 'application/json' });
          res.end(
            JSON.stringify({
              error: { message: `Incorrect API key: ${req.headers.authorization ?? 'none'}` },
            }),
          );
        } else if (path.startsWith('/silent/')) {
          // Headers and body never come: only the first-byte limit ends the call.
        } else if (path.startsWith('/answer/')) {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          setTimeout(() => {
            inFlight--;
            sse(res, reply('Final Answer: 42', turn));
          }, 150);
        } else {
          sse(res, reply(HAPPY_TURNS[turn] ?? 'Final Answer: done', turn));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  // Each test reads the requests its own run sent (two tests use the same path).
  beforeEach(() => {
    received.length = 0;
  });

  const requestsTo = (prefix: string) =>
    received.filter((request) => request.path.startsWith(prefix));

  it(
    'runs a built-in scenario against the endpoint: answer, the server usage, one POST per model call',
    async () => {
      const trace = await runJson(
        'shopops-happy',
        '--endpoint',
        `${base}/happy/v1`,
        '--model',
        'm',
      );
      expect(trace.stopReason).toBe('answer');
      expect(trace.answer).toContain('32 days');
      expect(trace.metrics.llmCalls).toBe(3);
      expect(trace.metrics.promptTokens).toBe(100 + 101 + 102);
      expect(trace.metrics.completionTokens).toBe(10 + 11 + 12);
      trace.steps.forEach((step, turn) => {
        const call = step.modelCall as NonNullable<TraceStep['modelCall']> & {
          usageEstimated: boolean;
          ttftMs: number | null;
        };
        expect(call.usage).toEqual({ promptTokens: 100 + turn, completionTokens: 10 + turn });
        expect(call.usageEstimated).toBe(false);
        expect(typeof call.ttftMs).toBe('number');
        expect(call.latencyMs).toBeGreaterThan(0);
      });
      const requests = requestsTo('/happy/');
      expect(requests).toHaveLength(3);
      for (const request of requests) {
        expect(request.method).toBe('POST');
        expect(request.path).toBe('/happy/v1/chat/completions');
        expect(request.body).toMatchObject({
          model: 'm',
          stream: true,
          stream_options: { include_usage: true },
        });
        expect(request.headers.authorization).toBeUndefined();
      }
    },
    TIMEOUT,
  );

  it(
    'a 401 ends the run as error http_401 with exit 0; --no-include-usage drops stream_options',
    async () => {
      const trace = await runJson(
        'shopops-happy',
        '--endpoint',
        `${base}/unauthorized/v1`,
        '--model',
        'm',
        '--no-include-usage',
      );
      expect(trace.stopReason).toBe('error');
      expect(trace.error?.code).toBe('http_401');
      expect(trace.error?.message).toContain('API key');
      expect(trace.steps).toEqual([]);
      // The refused request was sent (and may be billed): it counts as an LLM call.
      expect(trace.metrics.llmCalls).toBe(1);
      const [request] = requestsTo('/unauthorized/');
      expect(request?.body).not.toHaveProperty('stream_options');
    },
    TIMEOUT,
  );

  it(
    '--first-byte-timeout is the limit the client waits for a reply, and the advice names the flag',
    async () => {
      const trace = await runJson(
        'shopops-happy',
        '--endpoint',
        `${base}/silent/v1`,
        '--model',
        'm',
        '--first-byte-timeout',
        '1',
        '--idle-timeout=120',
      );
      expect(trace.stopReason).toBe('error');
      expect(trace.error?.code).toBe('first_byte_timeout');
      expect(trace.error?.message).toContain('No answer within 1 s');
      expect(trace.error?.message).toContain('--first-byte-timeout SECONDS');
      expect(requestsTo('/silent/')).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    '--api-key-env sends Authorization: Bearer, and the key appears nowhere in the output',
    async () => {
      const env = { LOOPSCOPE_TEST_KEY: KEY };
      const [ok, rejected, text] = await Promise.all([
        loopWithEnv(
          env,
          'run',
          'shopops-happy',
          '--endpoint',
          `${base}/happy/v1`,
          '--model',
          'k',
          '--api-key-env',
          'LOOPSCOPE_TEST_KEY',
          '--json',
        ),
        loopWithEnv(
          env,
          'run',
          'shopops-happy',
          '--endpoint',
          `${base}/unauthorized/v1`,
          '--model',
          'k',
          '--api-key-env',
          'LOOPSCOPE_TEST_KEY',
          '--json',
        ),
        loopWithEnv(
          env,
          'run',
          'shopops-happy',
          '--endpoint',
          `${base}/unauthorized/v1`,
          '--model',
          'k',
          '--api-key-env',
          'LOOPSCOPE_TEST_KEY',
        ),
      ]);
      for (const result of [ok, rejected, text]) {
        expect(result.code).toBe(0);
        expect(result.stdout + result.stderr).not.toContain(KEY);
      }
      expect((JSON.parse(ok.stdout) as TraceJson).stopReason).toBe('answer');
      expect((JSON.parse(rejected.stdout) as TraceJson).error?.code).toBe('http_401');
      expect(text.stdout).toContain('http_401');
      expect(text.stdout).toContain('1 LLM calls (1 failed)');
      const keyed = received.filter((request) => request.body.model === 'k');
      expect(keyed.length).toBeGreaterThan(0);
      for (const request of keyed) expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    },
    TIMEOUT,
  );

  it(
    'eval runs the suite against the endpoint, at most 2 runs at once, rows in suite order',
    async () => {
      const result = await loop(
        'eval',
        '--suite',
        suiteDir,
        '--endpoint',
        `${base}/answer/v1`,
        '--model',
        'm',
        '--json',
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const rows = JSON.parse(result.stdout) as EvalRow[];
      expect(rows.map((row) => [row.config.mode, row.config.reflection.gating])).toEqual([
        ['react', 'off'],
        ['react', 'fixed'],
        ['react', 'adaptive'],
        ['reflact', 'adaptive'],
      ]);
      for (const row of rows) {
        expect(row.stopReason).toBe('answer');
        expect(row.metrics.promptTokens).toBe(100);
      }
      expect(requestsTo('/answer/')).toHaveLength(4);
      expect(maxInFlight).toBe(2);
    },
    TIMEOUT,
  );

  it(
    'bad endpoint flags: one line naming the problem',
    async () => {
      const url = `${base}/happy/v1`;
      const cases: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
        [
          ['run', 'shopops-happy', '--endpoint', url],
          ['--endpoint', '--model'],
        ],
        [
          ['run', 'shopops-happy', '--model', 'm'],
          ['--model', '--endpoint'],
        ],
        [
          ['eval', '--model', 'm'],
          ['--model', '--endpoint'],
        ],
        [
          ['run', 'shopops-happy', '--endpoint', 'not a url', '--model', 'm'],
          ['--endpoint', 'not a url'],
        ],
        [
          ['run', 'shopops-happy', '--endpoint', 'ftp://127.0.0.1/v1', '--model', 'm'],
          ['--endpoint', 'ftp:'],
        ],
        [
          [
            'run',
            'shopops-happy',
            '--endpoint',
            url,
            '--model',
            'm',
            '--api-key-env',
            'LOOPSCOPE_UNSET_KEY_VAR',
          ],
          ['--api-key-env', 'LOOPSCOPE_UNSET_KEY_VAR'],
        ],
        [
          ['run', 'shopops-happy', '--protocol', 'tools'],
          ['--protocol tools', '--endpoint'],
        ],
        [
          ['run', 'shopops-happy', '--api-key-env', 'HOME'],
          ['--api-key-env', '--endpoint'],
        ],
      ];
      const before = received.length;
      const results = await Promise.all(cases.map(([argv]) => loop(...argv)));
      results.forEach((result, i) => {
        const [, mentions] = cases[i] as (typeof cases)[number];
        expectBadInput(result, ...mentions);
      });
      expect(received.length).toBe(before);
    },
    TIMEOUT,
  );
});

// ---- hostile text: nothing reaches the terminal raw (issue 15, item 2) ----

describe('hostile text in the human output', () => {
  const OSC52 = '\u001b]52;c;aGVsbG8=\u0007'; // writes the clipboard
  const OSC8 = '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\'; // a hidden link
  const CLEAR = '\u001b[2J\u001b[H'; // clears the screen
  const C1 = '\u009b31m\u009d0;pwned\u009c'; // CSI, OSC and ST as single C1 characters
  const HOSTILE = `${OSC52}${OSC8}${CLEAR}${C1}`;
  /** Any C0/C1 control character but newline and tab. */
  // oxlint-disable-next-line no-control-regex -- looking for raw control characters on purpose
  const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

  const HOSTILE_SCENARIO = {
    format: 'loopscope.scenario',
    version: 1,
    id: 'hostile-text',
    title: `Hostile ${HOSTILE}`,
    task: `Look it up ${HOSTILE}`,
    tags: [`hostile${CLEAR}`],
    tools: [
      {
        name: 'lookup',
        description: `Looks up ${OSC8}`,
        parameters: { type: 'object', properties: { key: { type: 'string' } } },
      },
    ],
    fixtures: [{ tool: 'lookup', args: { key: 'a' }, result: `found ${HOSTILE}` }],
    model: {
      kind: 'scripted',
      turns: [
        `Thought: ${HOSTILE}\nAction: tool:lookup key="${C1}${OSC52}"`,
        `Thought: done\nFinal Answer: the answer ${HOSTILE} is here`,
      ],
      reflections: [`{"thought": "nothing found ${HOSTILE}"}`],
    },
  };

  let server: http.Server;
  let base = '';
  let hostileDir = '';
  let hostileFile = '';

  beforeAll(async () => {
    hostileDir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-hostile-'));
    hostileFile = path.join(hostileDir, 'hostile.json');
    writeFileSync(hostileFile, JSON.stringify(HOSTILE_SCENARIO, null, 2));
    server = http.createServer((_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Bad key ${HOSTILE}` } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    rmSync(hostileDir, { recursive: true, force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it(
    'run, eval, a server error and a bad-input line show control characters as \\xNN',
    async () => {
      const [run, json, evaluated, refused, unknown] = await Promise.all([
        loop('run', hostileFile),
        loop('run', hostileFile, '--json'),
        loop('eval', '--suite', hostileDir),
        loop('run', hostileFile, '--endpoint', `${base}/v1`, '--model', 'm'),
        loop('run', `no-such${HOSTILE}`),
      ]);
      for (const result of [run, evaluated, refused]) {
        expect(result.code).toBe(0);
        expect(result.stderr).toBe('');
        expect(result.stdout).not.toMatch(RAW_CONTROL);
      }
      expect(run.stdout).toContain('the answer \\x1b]52;c;aGVsbG8=\\x07\\x1b]8;;https://evil');
      expect(run.stdout).toContain('\\x1b[2J\\x1b[H\\x9b31m\\x9d0;pwned\\x9c is here');
      expect(run.stdout).toContain('nothing found \\x1b]52');
      expect(run.stdout).toContain('"key":"\\x9b31m');
      expect(evaluated.stdout).toContain('hostile\\x1b[2J\\x1b[H');
      expect(refused.stdout).toContain('http_401');
      expect(refused.stdout).toContain('Bad key \\x1b]52;c;');

      expectBadInput(unknown, 'no-such\\x1b]52;c;');
      expect(unknown.stderr).not.toMatch(RAW_CONTROL);

      // --json stays as it was: the exact text, which JSON escapes itself.
      expect(json.code).toBe(0);
      expect((JSON.parse(json.stdout) as TraceJson).answer).toBe(`the answer ${HOSTILE} is here`);
    },
    TIMEOUT,
  );
});

// ---- relative paths: from where the user ran npm (issue 15, item 13) ----

describe('relative scenario, suite and trace paths', () => {
  it(
    'resolve against INIT_CWD (npm run starts the CLI in the package root), else the cwd',
    async () => {
      const home = mkdtempSync(path.join(os.tmpdir(), 'loopscope-init-cwd-'));
      try {
        mkdirSync(path.join(home, 'mine'));
        writeFileSync(path.join(home, 'mine', 'inventory.json'), JSON.stringify(EXTERNAL_SCENARIO));
        const fromHome = { INIT_CWD: home };
        const trace = await loopWithEnv(fromHome, 'run', 'mine/inventory.json', '--json');
        expect(trace.stderr).toBe('');
        expect(trace.code).toBe(0);
        expect((JSON.parse(trace.stdout) as TraceJson).scenario).toBe('ext-inventory-lookup');
        writeFileSync(path.join(home, 'recorded.json'), trace.stdout);

        const [suite, fork, nowhere] = await Promise.all([
          loopWithEnv(fromHome, 'eval', '--suite', 'mine', '--json'),
          loopWithEnv(
            fromHome,
            'run',
            'mine/inventory.json',
            '--fork',
            'recorded.json',
            '--at',
            '1',
            '--json',
          ),
          loopWithEnv({ INIT_CWD: ROOT }, 'run', 'mine/inventory.json'),
        ]);
        // Without INIT_CWD (the CLI started directly), the cwd (here the repo root) as before.
        const direct = await loopWithEnv(
          { INIT_CWD: '' },
          'run',
          'src/scenarios/shopops-happy.json',
          '--json',
        );
        expect(direct.stderr).toBe('');
        expect((JSON.parse(direct.stdout) as TraceJson).scenario).toBe('shopops-happy');
        expect(suite.stderr).toBe('');
        expect((JSON.parse(suite.stdout) as EvalRow[])[0]?.scenario).toBe('ext-inventory-lookup');
        expect(fork.stderr).toBe('');
        expect((JSON.parse(fork.stdout) as { forkedFrom: unknown }).forkedFrom).toEqual({
          step: 1,
        });
        expectBadInput(nowhere, 'mine/inventory.json');
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});

// ---- OpenTelemetry out ----

interface OtlpSpanJson {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}
interface OtlpJson {
  resourceSpans: { scopeSpans: { spans: OtlpSpanJson[] }[] }[];
}

function otlpSpans(request: OtlpJson): OtlpSpanJson[] {
  return request.resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) => scope.spans),
  );
}
const attributeOf = (span: OtlpSpanJson, key: string) =>
  span.attributes.find((entry) => entry.key === key)?.value;

describe('loop run --otlp FILE', () => {
  it(
    'writes the run as OTLP/JSON: an agent span, a chat span per model call, an execute_tool span per tool run; the printed trace is unchanged',
    async () => {
      const file = path.join(tmp, 'run.otlp.json');
      const [exported, plain] = await Promise.all([
        loop('run', 'rca-checkout-latency', '--json', '--otlp', file),
        loop('run', 'rca-checkout-latency', '--json'),
      ]);
      expect(exported.stderr).toBe('');
      expect(exported.code).toBe(0);
      expect(exported.stdout).toBe(plain.stdout);
      const trace = JSON.parse(exported.stdout) as TraceJson;
      const spans = otlpSpans(JSON.parse(readFileSync(file, 'utf8')) as OtlpJson);
      const operations = spans.map((span) => attributeOf(span, 'gen_ai.operation.name'));
      expect(operations.filter((op) => op?.['stringValue'] === 'invoke_agent')).toHaveLength(1);
      expect(operations.filter((op) => op?.['stringValue'] === 'chat')).toHaveLength(
        trace.metrics.llmCalls,
      );
      expect(operations.filter((op) => op?.['stringValue'] === 'execute_tool')).toHaveLength(
        trace.metrics.toolCalls,
      );
      for (const span of spans) {
        expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
        expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
        expect(span.startTimeUnixNano).toMatch(/^\d{19}$/);
      }
      expect(attributeOf(spans[0]!, 'openinference.span.kind')).toBeUndefined();
    },
    TIMEOUT,
  );

  it(
    'writes JSON Lines for a .jsonl name, OpenInference with --openinference, and says when --openinference has no --otlp',
    async () => {
      const file = path.join(tmp, 'run.otlp.jsonl');
      const [lines, alone] = await Promise.all([
        loop('run', 'shopops-happy', '--otlp', file, '--openinference'),
        loop('run', 'shopops-happy', '--openinference'),
      ]);
      expect(lines.code).toBe(0);
      const text = readFileSync(file, 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      const requests = text.trimEnd().split('\n');
      expect(requests).toHaveLength(1);
      const spans = otlpSpans(JSON.parse(requests[0]!) as OtlpJson);
      expect(attributeOf(spans[0]!, 'openinference.span.kind')).toEqual({ stringValue: 'AGENT' });
      expect(alone.code).toBe(2);
      expect(alone.stderr).toBe('loop: --openinference goes with --otlp FILE\n');
    },
    TIMEOUT,
  );

  it(
    'loop open FILE --otlp converts a kept run; a scenario file is refused with a line that says so',
    async () => {
      const native = path.join(tmp, 'otlp-source.loopscope.json');
      const recorded = await loop('run', 'rca-worker-oom', '--out', native);
      expect(recorded.code).toBe(0);
      const out = path.join(tmp, 'converted.json');
      const [converted, refused] = await Promise.all([
        loop('open', native, '--otlp', out),
        loop('open', externalFile, '--otlp', out),
      ]);
      expect(converted.code).toBe(0);
      const spans = otlpSpans(JSON.parse(readFileSync(out, 'utf8')) as OtlpJson);
      expect(attributeOf(spans[0]!, 'loopscope.scenario')).toEqual({
        stringValue: 'rca-worker-oom',
      });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain("is not a trace; --otlp writes a run's spans");
    },
    TIMEOUT,
  );
});
