import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTraceText } from '../engine';
import { genAiLoop, otlpRequest } from '../engine/otel/fixtures/build';
import { openCommand } from './open';

const USAGE = 'loop open FILE [--json]';
const dir = mkdtempSync(join(tmpdir(), 'loop-open-'));
const file = join(dir, 'agent.json');
writeFileSync(file, JSON.stringify(otlpRequest(genAiLoop())));

describe("loop open of another tool's trace", () => {
  it('prints what was imported, then the trace as loop run prints it', () => {
    const { json, text } = openCommand([file], USAGE);
    expect(json).toBe(false);
    const lines = text.split('\n');
    expect(lines[0]).toBe(`imported: ${file} (OTLP/JSON) · 4 spans · 1 not mapped to steps`);
    expect(text).toContain('get_order {"id":7} → ok');
    expect(text).toContain(
      'stop: answer · 2 LLM calls · 0 reflections · 1 tool calls (0 empty) · 0 duplicate hits',
    );
    expect(text).toContain('tokens 100 in / 20 out');
    expect(text).toContain('answer: Order 7 has shipped.');
  });

  it("prints Trace JSON v1 with --json, the calls' messages written out", () => {
    const { json, text } = openCommand([file, '--json'], USAGE);
    expect(json).toBe(true);
    const trace = JSON.parse(text);
    expect(trace).toMatchObject({ format: 'loopscope.trace', version: 1, stopReason: 'answer' });
    expect(trace.metrics).toMatchObject({
      llmCalls: 2,
      toolCalls: 1,
      promptTokens: 100,
      completionTokens: 20,
      duplicateToolHits: 0,
      emptyToolCalls: 0,
    });
    expect(trace.steps[0].modelCall.messages[1]).toEqual({
      role: 'user',
      content: 'Where is order 7?',
    });
  });

  it('writes the share page with --html, carrying the scenario made for the import', () => {
    const template = join(dir, 'template.html');
    writeFileSync(
      template,
      '<html><script type="application/json" id="loopscope-run">null</script></html>',
    );
    process.env['LOOPSCOPE_SHARE_TEMPLATE'] = template;
    const page = join(dir, 'page.html');
    openCommand([file, '--html', page], USAGE);
    const written = readFileSync(page, 'utf8');
    const open = '<script type="application/json" id="loopscope-run">';
    const start = written.indexOf(open) + open.length;
    const run = readTraceText(written.slice(start, written.indexOf('</script>', start)));
    expect(run.scenario?.id).toBe(run.trace.scenario);
    expect(run.trace.steps).toHaveLength(2);
  });
});
