import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFileText, type OpenedFile } from '../engine';
import { benchOtlpRequest, parseWriteOtlp, writeBenchOtlp } from './bench-otlp';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function foreign(text: string): Extract<OpenedFile, { kind: 'foreign' }> {
  const opened = openFileText(text, 'agent.otlp.json');
  if (opened.kind !== 'foreign') throw new Error(`expected a foreign trace, got ${opened.kind}`);
  return opened;
}

describe('bench --write-otlp N FILE', () => {
  it('writes an N-span OTLP agent loop that opens as N spans and N/2 steps', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-otlp-'));
    dirs.push(dir);
    const file = path.join(dir, 'loop.json');
    const request = parseWriteOtlp(['--write-otlp', '40', file]);
    expect(request).toEqual({ spans: 40, file });
    if (!request || 'problem' in request) throw new Error('no request');
    const bytes = writeBenchOtlp(request);
    const text = readFileSync(file, 'utf8');
    expect(Buffer.byteLength(text)).toBe(bytes);
    const opened = foreign(text);
    expect(opened.formatLabel).toBe('OTLP/JSON');
    expect(opened.spans).toHaveLength(40);
    expect(opened.traceIds).toHaveLength(1);
    // The agent span holds the calls; every chat and execute_tool span is a step.
    expect(opened.unmapped.map((span) => span.name)).toEqual(['invoke_agent order-desk']);
    const { steps } = opened.trace;
    expect(steps).toHaveLength(20);
    expect(steps.slice(0, 19).every((step) => step.kind === 'action')).toBe(true);
    expect(steps[19]!.kind).toBe('answer');
    expect(steps.slice(0, 4).map((step) => step.decision.action?.tool)).toEqual([
      'search_orders',
      'get_order',
      'update_order',
      'search_orders',
    ]);
    expect(steps[1]!.modelCall?.toolCall?.name).toBe('get_order');
    expect(steps[1]!.observation?.ok).toBe(true);
    expect(opened.trace.stopReason).toBe('answer');
    expect(opened.trace.metrics).toMatchObject({ llmCalls: 20, toolCalls: 19 });
    expect(opened.notes).toEqual([]);
    // The tool definitions on the agent span declare the scenario's tools.
    expect(opened.scenario.tools.map((tool) => tool.name)).toEqual([
      'search_orders',
      'get_order',
      'update_order',
    ]);
  });

  it('ends on a tool step when N is odd, and writes the same bytes for the same N', () => {
    const opened = foreign(JSON.stringify(benchOtlpRequest(7)));
    expect(opened.spans).toHaveLength(7);
    expect(opened.trace.steps.map((step) => step.kind)).toEqual(['action', 'action', 'action']);
    expect(JSON.stringify(benchOtlpRequest(7))).toBe(JSON.stringify(benchOtlpRequest(7)));
  });

  it('says what is wrong with N or FILE', () => {
    expect(parseWriteOtlp(['--json'])).toBeNull();
    expect(parseWriteOtlp(['--write-otlp', 'many', 'x.json'])).toEqual({
      problem: expect.stringContaining('needs a whole number of spans, not many'),
    });
    expect(parseWriteOtlp(['--write-otlp', '1', 'x.json'])).toEqual({
      problem: expect.stringContaining('writes 2 to 110,000 spans'),
    });
    expect(parseWriteOtlp(['--write-otlp', '100'])).toEqual({
      problem: expect.stringContaining('needs the file to write'),
    });
  });
});
