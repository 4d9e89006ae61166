import { describe, expect, it, vi } from 'vitest';
import { builtinScenario } from '../../scenarios';
import { runScenario, scenarioConfig } from '../run-scenario';
import { parseScenarioText } from '../scenario/parse';
import { toTraceJson } from '../trace/build';
import { toNativeTraceJson } from '../trace/native';
import { FileError, MAX_FILE_BYTES, checkFileSize } from './errors';
import { genAiLoop, otlpRequest } from '../otel/fixtures/build';
import { fastOpenedTrace, openFileText, openFileTextFast } from './open';

const scenario = builtinScenario;
const happy = scenario('shopops-happy');
const scenarioJson = (): Record<string, unknown> => structuredClone(happy) as never;

/** The FileError opening `text` as `name` fails with. */
function refusal(text: string, name = 'file.json'): FileError {
  try {
    openFileText(text, name);
  } catch (error) {
    if (error instanceof FileError) return error;
    throw error;
  }
  throw new Error('it opened');
}

const deep = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

describe('opening a file', () => {
  it('a trace printed by loop run --json, and a native file with its scenario', async () => {
    const trace = await runScenario(happy, scenarioConfig(happy));
    const v1 = openFileText(JSON.stringify(toTraceJson(trace), null, 2), 'run.json');
    expect(v1).toMatchObject({ kind: 'trace', version: 1, scenario: null });
    const v2 = openFileText(JSON.stringify(toNativeTraceJson(trace, happy)), 'run.loopscope.json');
    expect(v2).toEqual({ kind: 'trace', version: 2, trace, scenario: happy });
  });

  it('a scenario file, with its source text for an editor', () => {
    const text = JSON.stringify(scenarioJson(), null, 2);
    expect(openFileText(`\uFEFF${text}`, 'mine.json')).toEqual({
      kind: 'scenario',
      scenario: happy,
      source: text,
    });
  });

  it('another Loopscope format is handed back, read safely, for the layer that reads it', () => {
    const text = '{"format": "loopscope.library", "version": 1, "runs": []}';
    expect(openFileText(text, 'library.json')).toEqual({
      kind: 'other',
      format: 'loopscope.library',
      value: { format: 'loopscope.library', version: 1, runs: [] },
    });
  });
});

describe('the fast path alone (a kept file read back, the page’s own copy)', () => {
  it('reads a native trace as openFileText does, BOM or not; anything else is null', async () => {
    const trace = await runScenario(happy, scenarioConfig(happy));
    const native = JSON.stringify(toNativeTraceJson(trace, happy));
    expect(fastOpenedTrace(native)).toEqual(openFileText(native, 'run.json'));
    expect(fastOpenedTrace(`\uFEFF${native}`)).toEqual(openFileText(native, 'run.json'));
    // Another tool's trace, a v1 trace, broken JSON, a step the fast path does not take: null,
    // so openFileText reads (or words) them.
    expect(fastOpenedTrace(JSON.stringify(otlpRequest(genAiLoop())))).toBeNull();
    expect(fastOpenedTrace(JSON.stringify(toTraceJson(trace)))).toBeNull();
    expect(fastOpenedTrace(native.slice(0, -1))).toBeNull();
    expect(fastOpenedTrace(native.replace('{"index":0,', '{"index":0,"unknownKey":1,'))).toBeNull();
  });

  it('declines a text that does not start as a native file without parsing it', () => {
    const otlp = JSON.stringify(otlpRequest(genAiLoop()));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(fastOpenedTrace(otlp)).toBeNull();
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('openFileTextFast: any text read as openFileText reads it, native or not', async () => {
    const trace = await runScenario(happy, scenarioConfig(happy));
    for (const text of [
      JSON.stringify(toNativeTraceJson(trace, happy)),
      JSON.stringify(toTraceJson(trace)),
      JSON.stringify(otlpRequest(genAiLoop())),
    ]) {
      expect(openFileTextFast(text, 'run.json')).toEqual(openFileText(text, 'run.json'));
    }
    expect(() => openFileTextFast('{"format": "nothing"}', 'odd.json')).toThrow(FileError);
  });

  it('is null for a text over the size cap, which openFileText refuses (a paste is not measured before)', async () => {
    const trace = await runScenario(happy, scenarioConfig(happy));
    const native = JSON.stringify(toNativeTraceJson(trace, happy));
    const padded = native + ' '.repeat(MAX_FILE_BYTES - native.length + 1);
    expect(fastOpenedTrace(padded)).toBeNull();
    expect(() => openFileText(padded, 'big.json')).toThrow(
      expect.objectContaining({ code: 'too_large' }),
    );
  });
});

describe('a file that cannot be opened: one line naming the file, where and what', () => {
  it('not JSON: the line and column', () => {
    const error = refusal('hello world', 'notes.txt');
    expect(error).toMatchObject({ code: 'invalid_json', path: '$', fileName: 'notes.txt' });
    expect(error.location).toEqual({ line: 1, column: 1 });
    expect(error.message).toMatch(/^notes\.txt: not JSON \(line 1, column 1: Unexpected token/);
    expect(error.message).not.toMatch(/\n/);
  });

  it('another format: JSON, but not a trace, scenario or library export', () => {
    expect(refusal('{"openapi": "3.1.0"}', 'x.json').message).toBe(
      'x.json: JSON, but not a Loopscope trace, scenario or library export (no "format" field; a trace has "format": "loopscope.trace", a scenario "format": "loopscope.scenario", "id", "title", "task", …)',
    );
    const foreign = refusal('{"format": "gltf"}', 'model.json');
    expect(foreign).toMatchObject({ code: 'unknown_format', path: '$.format' });
    expect(foreign.message).toBe(
      'model.json: $.format: JSON, but not a Loopscope trace, scenario or library export (its "format" is "gltf")',
    );
    expect(refusal('[1, 2]').message).toMatch(/\(an array, not an object\)$/);
    expect(refusal('"text"').code).toBe('unknown_format');
  });

  it('a hand-written file without "format" that looks like a scenario: the missing field', () => {
    const { format: _format, ...json } = scenarioJson();
    const error = refusal(JSON.stringify(json), 'mine.json');
    expect(error.code).toBe('invalid_scenario');
    expect(error.message).toBe(
      'mine.json: $.format: expected "loopscope.scenario", but it is missing',
    );
  });

  it('a newer version of a trace or a scenario: which version, and which this build reads', async () => {
    const trace = toTraceJson(await runScenario(happy, scenarioConfig(happy)));
    const newer = refusal(JSON.stringify({ ...trace, version: 7 }), 'future.loopscope.json');
    expect(newer).toMatchObject({ code: 'newer_version', path: '$.version' });
    expect(newer.message).toBe(
      'future.loopscope.json: $.version: a trace of version 7, written by a later Loopscope; this build reads versions 1 and 2 (update Loopscope to open it)',
    );
    const scenarioV2 = refusal(JSON.stringify({ ...scenarioJson(), version: 2 }), 's.json');
    expect(scenarioV2.code).toBe('newer_version');
    expect(scenarioV2.message).toContain('a scenario of version 2');
    expect(scenarioV2.message).toContain('this build reads version 1');
  });

  it('an invalid trace or scenario: the JSON path of the first problem', async () => {
    const trace = toTraceJson(await runScenario(happy, scenarioConfig(happy))) as {
      steps: Record<string, unknown>[];
    };
    trace.steps[1]!['phase'] = 'dreaming';
    const error = refusal(JSON.stringify(trace), 'run.json');
    expect(error).toMatchObject({ code: 'invalid_trace', path: '$.steps[1].phase' });
    expect(error.message).toMatch(/^run\.json: \$\.steps\[1\]\.phase: expected "gathering", /);
    const tools = refusal(JSON.stringify({ ...scenarioJson(), tools: 3 }), 'mine.json');
    expect(tools).toMatchObject({ code: 'invalid_scenario', path: '$.tools' });
  });

  it('too large: refused by its size, before anything is read', () => {
    expect(() => checkFileSize(MAX_FILE_BYTES, 'big.json')).not.toThrow();
    let error: unknown;
    try {
      checkFileSize(MAX_FILE_BYTES + 1, 'big.json');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(FileError);
    expect(error).toMatchObject({ code: 'too_large', fileName: 'big.json' });
    expect((error as FileError).message).toBe(
      'big.json: 200.1 MB, larger than the 200 MB Loopscope opens',
    );
  });

  describe('nested 100,000 levels deep: too deep at its path, never a stack overflow', () => {
    const deepScenario = JSON.stringify({
      ...scenarioJson(),
      fixtures: [{ tool: 'get_order', args: {}, result: 0 }],
    }).replace('"result":0', `"result":${deep(100_000)}`);

    it('the opener', () => {
      const error = refusal(deepScenario, 'deep.json');
      expect(error.code).toBe('too_deep');
      expect(error.path.startsWith('$.fixtures[0].result[0][0]')).toBe(true);
      expect(error.message).toMatch(
        /^deep\.json: \$\.fixtures\[0\]\.result\[0\].*…: nested deeper than 256 levels \(line 1, column \d+\)$/,
      );
      expect(refusal(deep(100_000), 'brackets.json').message).toMatch(
        /^brackets\.json: \$\[0\]\[0\].*: nested deeper than 256 levels \(line 1, column 257\)$/,
      );
    });

    it('the scenario loader', () => {
      expect(() => parseScenarioText(deepScenario)).toThrow(
        expect.objectContaining({ code: 'too_deep', name: 'ScenarioError' }),
      );
      expect(() => parseScenarioText(deepScenario)).toThrow(
        /^\$\.fixtures\[0\]\.result\[0\].*…: nested deeper than 256 levels at line 1, column \d+$/,
      );
    });
  });

  describe('__proto__, constructor and prototype keys: refused at their path', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      it(`"${key}" in a tool and in a fixture's args`, () => {
        const inTool = JSON.stringify(scenarioJson()).replace(
          '"tools":[{',
          `"tools":[{"${key}":{"polluted":true},`,
        );
        const error = refusal(inTool, 'mine.json');
        expect(error).toMatchObject({ code: 'forbidden_key', path: `$.tools[0].${key}` });
        expect(error.message).toMatch(
          new RegExp(
            `^mine\\.json: \\$\\.tools\\[0\\]\\.${key}: the key "${key}" is not allowed; remove or rename it \\(line 1, column \\d+\\)$`,
          ),
        );
        const inArgs = JSON.stringify({
          ...scenarioJson(),
          fixtures: [{ tool: 'get_order', args: { case_id: 'x' }, result: 1 }],
        }).replace('"args":{', `"args":{"${key}":{"polluted":true},`);
        expect(() => parseScenarioText(inArgs)).toThrow(
          expect.objectContaining({
            code: 'forbidden_key',
            path: `$.fixtures[0].args.${key}`,
            message: expect.stringMatching(
              new RegExp(
                `^\\$\\.fixtures\\[0\\]\\.args\\.${key}: the key "${key}" at line 1, column \\d+ is not allowed; remove or rename it$`,
              ),
            ),
          }),
        );
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      });
    }
  });

  it('script in every text field stays plain text: it comes back unchanged and nothing runs', async () => {
    const script = '<script>globalThis.scriptRan = true</script>';
    const image = '<img src=x onerror="globalThis.scriptRan = true">';
    const json = { ...scenarioJson(), title: script, task: image, tags: [script] };
    const opened = openFileText(JSON.stringify(json), 'hostile.json');
    expect(opened.kind === 'scenario' && opened.scenario).toMatchObject({
      title: script,
      task: image,
      tags: [script],
    });
    const trace = await runScenario(happy, scenarioConfig(happy));
    const hostile = {
      ...toTraceJson(trace),
      answer: script,
      error: { code: image, message: script },
    };
    const read = openFileText(JSON.stringify(hostile), 'hostile-run.json');
    expect(read.kind === 'trace' && read.trace).toMatchObject({
      answer: script,
      error: { code: image, message: script },
    });
    expect((globalThis as Record<string, unknown>)['scriptRan']).toBeUndefined();
  });
});
