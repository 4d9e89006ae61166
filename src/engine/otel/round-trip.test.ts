import { describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import type { ConfigOverrides } from '../config';
import { openFileText } from '../files/open';
import { runScenario, scenarioConfig } from '../run-scenario';
import { toTraceJson } from '../trace/build';
import { toOtlpJson, toOtlpJsonLines } from './export';

/** Native → OTLP → native through the one opener the app and `loop open` use. */

const START = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
const scenario = builtinScenario;

const RUNS: readonly [string, ConfigOverrides][] = [
  ['shopops-happy', {}],
  ['rca-search-stall', { mode: 'reflact', attempts: 2 }],
  ['shopops-hostile-loop', { duplicates: 'block' }],
  ['triage-priority-retry', { attempts: 3 }],
];

describe('a Loopscope OTLP export opened again', () => {
  it.each(RUNS)(
    '%s %j: the same trace, scenario, steps, phases and metrics',
    async (id, overrides) => {
      const subject = scenario(id);
      const trace = await runScenario(subject, scenarioConfig(subject, overrides));
      for (const [name, text] of [
        ['run.otlp.json', toOtlpJson(trace, { startTimeMs: START, scenario: subject })],
        [
          'run.otlp.jsonl',
          toOtlpJsonLines([{ trace, options: { startTimeMs: START, scenario: subject } }]),
        ],
      ] as const) {
        const opened = openFileText(text, name);
        if (opened.kind !== 'foreign') throw new Error(`${name} opened as ${opened.kind}`);
        expect(opened.trace).toEqual(trace);
        expect(opened.scenario).toEqual(subject);
        expect(toTraceJson(opened.trace)).toEqual(toTraceJson(trace));
        expect(opened.trace.steps.map((step) => step.phase)).toEqual(
          trace.steps.map((step) => step.phase),
        );
      }
    },
  );

  it('an export whose run span was cut still opens, step by step, with the same steps', async () => {
    const subject = scenario('shopops-happy');
    const trace = await runScenario(subject, scenarioConfig(subject, {}));
    const request = JSON.parse(toOtlpJson(trace, { startTimeMs: START, scenario: subject })) as {
      resourceSpans: { scopeSpans: { spans: { attributes: { key: string }[] }[] }[] }[];
    };
    for (const span of request.resourceSpans[0]!.scopeSpans[0]!.spans)
      span.attributes = span.attributes.filter((entry) => entry.key !== 'loopscope.run.json');
    const opened = openFileText(JSON.stringify(request), 'cut.json');
    if (opened.kind !== 'foreign') throw new Error(opened.kind);
    expect(opened.trace.steps.map((step) => [step.kind, step.decision.action?.tool])).toEqual(
      trace.steps.map((step) => [step.kind, step.decision.action?.tool]),
    );
    expect(opened.trace.metrics.llmCalls).toBe(trace.metrics.llmCalls);
  });
});
