import { describe, expect, it } from 'vitest';
import { builtinScenario } from '../../scenarios';
import type { ConfigOverrides } from '../config';
import { prepareFork } from '../loop/fork';
import { runScenario, scenarioConfig } from '../run-scenario';
import type { Scenario } from '../scenario/types';
import { toTraceJson } from './build';
import { parseTrace, parseTraceText, TraceError } from './parse';
import type { Trace } from './types';

const scenario = builtinScenario;
const record = (subject: Scenario, overrides: ConfigOverrides = {}) =>
  runScenario(subject, scenarioConfig(subject, overrides));
/** What `loop run --json` prints. */
const printed = (trace: Trace) => JSON.stringify(toTraceJson(trace), null, 2);

/** The TraceError a value or text fails with. */
function failure(input: unknown): TraceError {
  try {
    if (typeof input === 'string') parseTraceText(input);
    else parseTrace(input);
  } catch (error) {
    if (error instanceof TraceError) return error;
    throw error;
  }
  throw new Error('it loaded');
}

const RUNS: readonly [string, ConfigOverrides][] = [
  ['rca-search-stall', {}],
  ['rca-search-stall', { mode: 'reflact', reflection: { gating: 'fixed' } }],
  ['triage-priority-retry', {}],
  ['shopops-hostile-loop', { duplicates: 'block' }],
  ['shopops-prose-reply', { unparseable: 'reprompt' }],
  ['returns-laptop', { protocol: 'tools', seed: 2 }],
];

describe('loading Trace JSON', () => {
  for (const [id, overrides] of RUNS) {
    it(`${id} ${JSON.stringify(overrides)}: prints back byte for byte`, async () => {
      const original = await record(scenario(id), overrides);
      const loaded = parseTraceText(printed(original));
      expect(printed(loaded)).toBe(printed(original));
      // Calls that extend one another share a conversation again (the file stays linear).
      const calls = original.steps.filter((step) => step.modelCall).length;
      expect(loaded.conversations.length).toBeLessThan(Math.max(2, calls));
    });

    it(`${id}: a loaded trace forks at any step into the same run again`, async () => {
      const subject = scenario(id);
      const original = await record(subject, overrides);
      const loaded = parseTraceText(printed(original));
      const config = scenarioConfig(subject, overrides);
      for (let at = 0; at < original.steps.length; at++) {
        const forked = await runScenario(subject, config, { fork: { trace: loaded, atStep: at } });
        expect(JSON.stringify(toTraceJson(forked)['steps']), `fork at ${at}`).toBe(
          JSON.stringify(toTraceJson(original)['steps']),
        );
      }
    });
  }

  it('takes the defaults for config fields a hand-written trace leaves out', async () => {
    const json = toTraceJson(await record(scenario('shopops-happy')));
    const loaded = parseTrace({ ...json, config: { mode: 'react' }, path: undefined });
    expect(loaded.config.reflection.gating).toBe('adaptive');
    expect(loaded.path).toEqual([]);
  });

  it('refuses a trace whose recorded replies no longer replay on the scenario', async () => {
    const subject = scenario('rca-search-stall');
    const json = toTraceJson(await record(subject)) as { steps: { thought: string | null }[] };
    json.steps[0]!.thought = 'edited by hand';
    const loaded = parseTrace(json);
    expect(() => prepareFork(subject, loaded, 2, scenarioConfig(subject))).toThrow(
      /gave other steps/,
    );
  });

  describe('bad input names the problem', () => {
    it('JSON syntax: the line and column', () => {
      const error = failure('{\n  "format": "loopscope.trace",\n  oops\n}');
      expect(error.code).toBe('invalid_json');
      expect(error.message).toMatch(/^\$: invalid JSON at line 3, column 3/);
    });

    it('not a trace at all: the first field in the document that is wrong', async () => {
      expect(failure([]).message).toMatch(/^\$: expected an object/);
      expect(failure({ format: 'loopscope.scenario' }).message).toMatch(
        /^\$\.format: expected "loopscope\.trace"/,
      );
      const json = toTraceJson(await record(scenario('shopops-happy')));
      expect(failure({ ...json, version: 2 }).message).toBe(
        '$.version: unsupported trace version 2; this build reads version 1 only',
      );
    });

    it('a step: its path and what is wrong', async () => {
      const json = toTraceJson(await record(scenario('shopops-happy'))) as {
        steps: Record<string, unknown>[];
      };
      const wrongPhase = structuredClone(json);
      wrongPhase.steps[1]!['phase'] = 'dreaming';
      expect(failure(wrongPhase).message).toMatch(
        /^\$\.steps\[1\]\.phase: expected "gathering", .* or "cancelled", got "dreaming"$/,
      );
      const wrongIndex = structuredClone(json);
      wrongIndex.steps[1]!['index'] = 7;
      expect(failure(wrongIndex).message).toBe('$.steps[1].index: expected 1, got 7');
      const noText = structuredClone(json);
      delete (noText.steps[0]!['modelCall'] as Record<string, unknown>)['text'];
      expect(failure(noText).message).toMatch(
        /^\$\.steps\[0\]\.modelCall\.text: expected a string/,
      );
    });
  });
});
