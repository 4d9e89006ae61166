/**
 * Hostile input: valid files of every kind Loopscope opens (traces v1 and v2, scenarios, OTLP
 * JSON and JSON Lines, Tempo, Jaeger, Langfuse, Phoenix, OTel SDK span JSON), mutated by
 * fast-check — keys deleted, types changed, text truncated, `__proto__`/`constructor` keys
 * injected, huge numbers, deep nesting — and opened. Whatever the file, the opener returns what
 * it held or throws its one typed FileError; Object.prototype is never touched. Sizes are bounded
 * so no case can hang.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import { genAiLoop, otlpRequest } from '../otel/fixtures/build';
import { openForeignValue } from '../otel/open-foreign';
import { runScenario, scenarioConfig } from '../run-scenario';
import { ScenarioError } from '../scenario/errors';
import { parseScenario, parseScenarioText } from '../scenario/parse';
import { TraceError } from '../trace/errors';
import { toTraceJson } from '../trace/build';
import { toNativeTraceJson } from '../trace/native';
import { parseTrace, parseTraceText } from '../trace/parse';
import { readTraceValue } from '../trace/read';
import { parseReply } from '../parsers';
import { FileError } from './errors';
import { HOSTILE_KEYS, expectNoPollution, mutatedOf } from './fixtures/mutate.test-support';
import { openFileText } from './open';

/** Cases per property; FUZZ_RUNS raises it for a longer hunt. */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 400);

afterEach(expectNoPollution);

const happy = builtinScenario('shopops-happy');
const trace = await runScenario(happy, scenarioConfig(happy));

const jaeger = {
  data: [
    {
      traceID: 'trace-one',
      processes: { p1: { serviceName: 'agent', tags: [] } },
      spans: [
        {
          traceID: 'trace-one',
          spanID: 'root',
          operationName: 'invoke_agent helm',
          startTime: 1_000_000,
          duration: 1000,
          processID: 'p1',
          tags: [{ key: 'gen_ai.agent.name', type: 'string', value: 'helm' }],
          references: [],
        },
        {
          traceID: 'trace-one',
          spanID: 'llm',
          operationName: 'call_llm',
          startTime: 1_100_000,
          duration: 1000,
          processID: 'p1',
          tags: [{ key: 'gen_ai.usage.input_tokens', type: 'int64', value: 30 }],
          references: [{ refType: 'CHILD_OF', traceID: 'trace-one', spanID: 'root' }],
        },
      ],
    },
  ],
};
const observation = (id: string, type: string, extra: Record<string, unknown> = {}) => ({
  id,
  traceId: 'fee618f96dc31e0ca38b2f7b26eb8b29',
  type,
  name: id,
  startTime: '2025-09-30T09:04:00.100Z',
  endTime: '2025-09-30T09:04:01.100Z',
  parentObservationId: id === 'a1' ? null : 'a1',
  input: null,
  output: null,
  inputUsage: 0,
  outputUsage: 0,
  metadata: '{}',
  ...extra,
});
const langfuse = {
  trace: { id: 'fee618f96dc31e0ca38b2f7b26eb8b29', name: 'Agent workflow', observations: [] },
  observations: [
    observation('a1', 'AGENT'),
    observation('g1', 'GENERATION', {
      input: JSON.stringify([{ role: 'user', content: 'Weather?' }]),
      output: JSON.stringify({ output: [{ type: 'message', content: [{ text: 'Sunny.' }] }] }),
      inputUsage: 5,
    }),
    observation('t1', 'TOOL', { input: '{"city":"Tokyo"}', output: 'Sunny.' }),
  ],
};
const phoenixSpan = (id: string, parent: string | null, kind: string) => ({
  name: id,
  context: { trace_id: 't', span_id: id },
  span_kind: kind,
  parent_id: parent,
  start_time: '2026-01-01T00:00:00.250000+00:00',
  end_time: '2026-01-01T00:00:01+00:00',
  status_code: 'OK',
  attributes:
    kind === 'TOOL'
      ? { 'tool.name': 'lookup', 'input.value': '{"q":1}', 'output.value': 'found' }
      : { 'llm.input_messages.0.message.content': 'hi', 'llm.token_count.prompt': 3 },
});
const phoenix = [phoenixSpan('root', null, 'AGENT'), phoenixSpan('tool', 'root', 'TOOL')];
const sdk = {
  spans: [
    {
      name: 'call_llm m',
      kind: 'internal',
      parent: { trace_id: 7, span_id: 11 },
      context: { trace_id: 7, span_id: 12 },
      start_time: 1758026593210770000,
      end_time: 1758026593449611000,
      status: { status_code: 'ok' },
      attributes: { 'gen_ai.operation.name': 'call_llm', 'gen_ai.usage.input_tokens': 269 },
    },
    {
      name: 'invoke_agent',
      kind: 'internal',
      parent: { span_id: null },
      context: { trace_id: 7, span_id: 11 },
      start_time: 1758026593210770000,
      end_time: 1758026593449611000,
      status: { status_code: 'ok' },
      attributes: { 'gen_ai.operation.name': 'invoke_agent' },
    },
  ],
};
const otlp = otlpRequest(genAiLoop());

/** Valid values of every format, each opened as it is before it is mutated. */
const SEEDS: Record<string, unknown> = {
  traceV1: toTraceJson(trace),
  traceV2: toNativeTraceJson(trace, happy),
  scenario: structuredClone(happy),
  otlp,
  tempo: { batches: (otlp as { resourceSpans: unknown[] }).resourceSpans },
  jaeger,
  langfuse,
  phoenix,
  sdk,
};

const mutated = mutatedOf(SEEDS);

/** Text-level damage: truncation, a byte flipped, JSON Lines made of it. */
const damaged: fc.Arbitrary<string> = fc.oneof(
  mutated.map(({ value }) => JSON.stringify(value)),
  fc.tuple(mutated, fc.double({ min: 0, max: 1, noNaN: true })).map(([{ value }, cut]) => {
    const text = JSON.stringify(value);
    return text.slice(0, Math.floor(text.length * cut));
  }),
  fc
    .tuple(mutated, fc.nat(), fc.constantFrom('"', '{', ']', '\\', '\u0000', '1e999', '-'))
    .map(([{ value }, at, char]) => {
      const text = JSON.stringify(value);
      const i = at % (text.length + 1);
      return text.slice(0, i) + char + text.slice(i + 1);
    }),
  fc
    .array(mutated, { minLength: 2, maxLength: 3 })
    .map((values) => values.map(({ value }) => JSON.stringify(value)).join('\n')),
  fc
    .constantFrom(...HOSTILE_KEYS)
    .map((key) => JSON.stringify(otlp).replace('{', `{"${key}":{"polluted":true},`)),
);

/** Runs `open`; a throw must be one of the `allowed` typed errors, with a message. */
function opensOrRefuses(open: () => unknown, ...allowed: (new (...a: never[]) => Error)[]) {
  try {
    open();
  } catch (error) {
    if (!allowed.some((type) => error instanceof type)) throw error;
    expect((error as Error).message.length).toBeGreaterThan(0);
  }
  expectNoPollution();
}

describe('every seed opens as it is', () => {
  it.each(Object.keys(SEEDS))('%s', (seed) => {
    const opened = openFileText(JSON.stringify(SEEDS[seed]), `${seed}.json`);
    expect(['trace', 'scenario', 'foreign']).toContain(opened.kind);
  });
});

describe('the file opener on mutated files', () => {
  it('returns what the file held or throws one FileError, and pollutes nothing', () => {
    fc.assert(
      fc.property(damaged, (text) => {
        opensOrRefuses(() => openFileText(text, 'hostile.json'), FileError);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('the loaders on mutated values (no JSON scanner in front of them)', () => {
  it('Trace JSON v1 and v2 throw only TraceError', () => {
    fc.assert(
      fc.property(mutated, ({ value }) => {
        opensOrRefuses(() => parseTrace(value), TraceError);
        opensOrRefuses(() => readTraceValue(value), TraceError);
      }),
      { numRuns: RUNS },
    );
  });

  it('the scenario loader throws only ScenarioError', () => {
    fc.assert(
      fc.property(mutated, ({ value }) => {
        opensOrRefuses(() => parseScenario(value), ScenarioError);
      }),
      { numRuns: RUNS },
    );
  });

  it('the text loaders throw only their typed errors on damaged text', () => {
    fc.assert(
      fc.property(damaged, (text) => {
        opensOrRefuses(() => parseTraceText(text), TraceError);
        opensOrRefuses(() => parseScenarioText(text), ScenarioError);
      }),
      { numRuns: RUNS },
    );
  });

  it('every importer throws only FileError', () => {
    fc.assert(
      fc.property(mutated, ({ value }) => {
        opensOrRefuses(() => openForeignValue(value, JSON.stringify(value), 'x.json'), FileError);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('found by the fuzzer, kept', () => {
  it('an OTLP stringValue that is an object with a toString key is read as its JSON', () => {
    const spans = genAiLoop().map((span, index) =>
      index === 2
        ? {
            ...span,
            attributes: [
              { key: 'gen_ai.operation.name', value: { stringValue: { toString: { a: 1 } } } },
            ],
          }
        : span,
    );
    const opened = openFileText(JSON.stringify(otlpRequest(spans)), 'trace.json');
    expect(opened.kind).toBe('foreign');
  });

  it('a Phoenix span whose attributes have an empty key is imported', () => {
    const span = { ...phoenixSpan('root', null, 'AGENT'), attributes: { '': null, x: 1 } };
    const opened = openFileText(JSON.stringify([span]), 'spans.json');
    expect(opened.kind).toBe('foreign');
    if (opened.kind === 'foreign') expect(opened.spans.map((row) => row.id)).toEqual(['root']);
  });
});

describe('the reply parser on hostile arguments', () => {
  it('reads __proto__ and constructor keys in action arguments as data, polluting nothing', () => {
    const tools = happy.tools;
    fc.assert(
      fc.property(
        fc.constantFrom(...HOSTILE_KEYS),
        fc.constantFrom(...tools.map((tool) => tool.name)),
        fc.jsonValue({ maxDepth: 2 }),
        (key, tool, value) => {
          const args = `{"${key}": ${JSON.stringify(value)}, "id": {"${key}": {"polluted": 1}}}`;
          const outcome = parseReply(`Thought: go\nAction: ${tool}(${args})`, 'react', tools);
          expect(typeof outcome.ok).toBe('boolean');
          expectNoPollution();
        },
      ),
      { numRuns: RUNS },
    );
  });
});
