import { describe, expect, it } from 'vitest';
import { builtinScenario, builtinScenarios } from '../../scenarios';
import type { ConfigOverrides } from '../config';
import { runScenario, scenarioConfig } from '../run-scenario';
import type { Scenario } from '../scenario/types';
import { toTraceJson } from './build';
import { TraceError } from './errors';
import { toNativeTraceJson } from './native';
import { readTraceText } from './read';

const scenario = builtinScenario;
const record = (subject: Scenario, overrides: ConfigOverrides = {}) =>
  runScenario(subject, scenarioConfig(subject, overrides));
const v1Text = (trace: Awaited<ReturnType<typeof record>>) =>
  JSON.stringify(toTraceJson(trace), null, 2);

/** The TraceError reading `text` fails with. */
function failure(text: string): TraceError {
  try {
    readTraceText(text);
  } catch (error) {
    if (error instanceof TraceError) return error;
    throw error;
  }
  throw new Error('it loaded');
}

const SETTINGS: readonly ConfigOverrides[] = [
  {},
  { mode: 'reflact', reflection: { gating: 'fixed', interval: 2 }, attempts: 2 },
];

describe('the native file (Trace JSON v2)', () => {
  for (const subject of builtinScenarios()) {
    for (const overrides of SETTINGS) {
      it(`${subject.id} ${JSON.stringify(overrides)}: run → file → the same trace and scenario`, async () => {
        const trace = await record(subject, overrides);
        const file = readTraceText(JSON.stringify(toNativeTraceJson(trace, subject)));
        expect(file.version).toBe(2);
        expect(file.trace).toEqual(trace);
        expect(file.scenario).toEqual(subject);
      });
    }
  }

  it('reads a v1 file and its v2 file to the same run (every call sends the same context)', async () => {
    for (const [id, overrides] of [
      ['rca-search-stall', {}],
      ['shopops-hostile-loop', { attempts: 3 }],
      ['returns-laptop', { protocol: 'tools' }],
    ] as const) {
      const trace = await record(scenario(id), overrides);
      const v1 = readTraceText(v1Text(trace));
      const v2 = readTraceText(JSON.stringify(toNativeTraceJson(trace, scenario(id))));
      expect(v1.version).toBe(1);
      expect(v1.scenario).toBeNull();
      // v1 keeps no conversation structure, only each call's messages: those are equal.
      expect(toTraceJson(v1.trace)).toEqual(toTraceJson(v2.trace));
      const { conversations: _v1, ...restV1 } = v1.trace;
      const { conversations: _v2, ...restV2 } = v2.trace;
      expect(restV1).toEqual(restV2);
    }
  });

  it('is smaller than the v1 text of a run with many calls (calls share their prefixes)', async () => {
    const subject = scenario('rca-search-stall');
    const trace = await record(subject, { mode: 'reflact', attempts: 2 });
    expect(trace.steps.filter((step) => step.modelCall).length).toBeGreaterThan(4);
    const v1 = v1Text(trace).length;
    // With the scenario it ran on, and without: the calls' messages are written once.
    expect(JSON.stringify(toNativeTraceJson(trace, subject), null, 2).length).toBeLessThan(v1);
    expect(JSON.stringify(toNativeTraceJson(trace, null), null, 2).length).toBeLessThan(v1 * 0.7);
  });

  it('opens without a scenario definition, and a fork of a loaded file forks the same run', async () => {
    const subject = scenario('rca-search-stall');
    const trace = await record(subject);
    const file = readTraceText(JSON.stringify(toNativeTraceJson(trace, null)));
    expect(file.scenario).toBeNull();
    const forked = await runScenario(subject, scenarioConfig(subject), {
      fork: { trace: file.trace, atStep: 2 },
    });
    expect(toTraceJson(forked)['steps']).toEqual(toTraceJson(trace)['steps']);
  });

  describe('bad input names the problem', () => {
    async function nativeJson(): Promise<
      Record<string, unknown> & { steps: Record<string, unknown>[] }
    > {
      const subject = scenario('shopops-happy');
      return toNativeTraceJson(await record(subject), subject) as never;
    }

    it('a newer version: says which, and which this build reads', async () => {
      const error = failure(JSON.stringify({ ...(await nativeJson()), version: 3 }));
      expect(error.code).toBe('newer_version');
      expect(error.message).toBe(
        '$.version: a trace of version 3, written by a later Loopscope; this build reads versions 1 and 2 (update Loopscope to open it)',
      );
      expect(failure(JSON.stringify({ ...(await nativeJson()), version: 0 })).message).toBe(
        '$.version: expected 1 or 2, got 0 (this build reads versions 1 and 2)',
      );
    });

    it('a context outside its conversation, steps out of order', async () => {
      const json = await nativeJson();
      const conversations = json['conversations'] as unknown[][];
      const far = structuredClone(json);
      (far.steps[0]!['modelCall'] as { context: { conversation: number } }).context.conversation =
        9;
      expect(failure(JSON.stringify(far)).message).toBe(
        `$.steps[0].modelCall.context.conversation: expected a conversation index below ${conversations.length} (the file has ${conversations.length}), got 9`,
      );
      const long = structuredClone(json);
      (long.steps[1]!['modelCall'] as { context: { length: number } }).context.length = 99;
      expect(failure(JSON.stringify(long)).message).toMatch(
        /^\$\.steps\[1\]\.modelCall\.context\.length: expected at most \d+ \(the length of conversation 0\), got 99$/,
      );
      const order = structuredClone(json);
      order.steps[1]!['index'] = 5;
      expect(failure(JSON.stringify(order)).message).toBe('$.steps[1].index: expected 1, got 5');
    });

    it('a broken or foreign scenario definition, at its path', async () => {
      const json = await nativeJson();
      const definition = json['scenarioDefinition'] as Record<string, unknown>;
      const broken = { ...json, scenarioDefinition: { ...definition, tools: 'none' } };
      expect(failure(JSON.stringify(broken)).message).toMatch(
        /^\$\.scenarioDefinition\.tools: expected an array of tools/,
      );
      const other = { ...json, scenarioDefinition: { ...definition, id: 'someone-else' } };
      expect(failure(JSON.stringify(other)).message).toBe(
        '$.scenarioDefinition.id: expected "shopops-happy" (the scenario the trace records), got "someone-else"',
      );
    });

    it('a trace nested 100,000 levels deep: too deep, at its path, not a stack overflow', async () => {
      const json = await nativeJson();
      const text = JSON.stringify({ ...json, steps: [] }).replace(
        '"steps":[]',
        `"steps":[${'['.repeat(100_000)}${']'.repeat(100_000)}]`,
      );
      const error = failure(text);
      expect(error.code).toBe('too_deep');
      expect(error.path.startsWith('$.steps[0][0]')).toBe(true);
      expect(error.message).toMatch(
        /^\$\.steps\[0\]\[0\].*…: nested deeper than 256 levels at line 1, column \d+$/,
      );
    });
  });
});
