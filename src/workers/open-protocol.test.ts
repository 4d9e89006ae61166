import { describe, expect, it } from 'vitest';
import { openFileText, runScenario, scenarioConfig, toNativeTraceJson } from '../engine';
import { genAiLoop, otlpRequest } from '../engine/otel/fixtures/build';
import { builtinScenario } from '../scenarios';
import { joinReading, splitReading } from './open-protocol';

async function nativeReading() {
  const scenario = builtinScenario('rca-search-stall');
  const text = JSON.stringify(
    toNativeTraceJson(await runScenario(scenario, scenarioConfig(scenario)), scenario),
  );
  return openFileText(text, 'run.json');
}

describe('a long reading in parts', () => {
  it('parts a native trace’s steps, path and messages, and joins them back to the reading', async () => {
    const opened = await nativeReading();
    if (opened.kind !== 'trace') throw new Error(opened.kind);
    const { head, parts } = splitReading(opened, 3);
    const { steps, path, conversations } = opened.trace;
    const expected =
      Math.ceil(steps.length / 3) +
      Math.ceil(path.length / 3) +
      conversations.reduce((sum, messages) => sum + Math.ceil(messages.length / 3), 0);
    expect(parts).toHaveLength(expected);
    expect(parts.every((part) => part.items.length <= 3)).toBe(true);
    // The head carries none of what the parts do.
    expect(head).toMatchObject({ trace: { steps: [], path: [] } });
    expect(head.kind === 'trace' && head.trace.conversations.flat()).toEqual([]);
    expect(joinReading(structuredClone(head), structuredClone(parts))).toEqual(opened);
  });

  it('parts another tool’s spans and unmapped spans too', () => {
    const opened = openFileText(JSON.stringify(otlpRequest(genAiLoop())), 'spans.json');
    if (opened.kind !== 'foreign') throw new Error(opened.kind);
    const { head, parts } = splitReading(opened, 1);
    expect(parts.filter((part) => part.field === 'spans')).toHaveLength(opened.spans.length);
    expect(head).toMatchObject({ spans: [], unmapped: [] });
    expect(joinReading(head, parts)).toEqual(opened);
  });

  it('leaves a short reading, or one without a trace, whole', async () => {
    const opened = await nativeReading();
    expect(splitReading(opened)).toEqual({ head: opened, parts: [] });
    const library = openFileText('{"format": "loopscope.library", "runs": []}', 'l.json');
    expect(splitReading(library, 1)).toEqual({ head: library, parts: [] });
    expect(joinReading(library, [])).toBe(library);
  });
});
