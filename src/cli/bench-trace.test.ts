import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readTraceText } from '../engine';
import { parseWriteTrace, writeBenchTrace } from './bench-trace';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('bench --write-trace N FILE', () => {
  it('writes an N-step native trace that opens with every step', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loopscope-trace-'));
    dirs.push(dir);
    const file = path.join(dir, 'long.json');
    const request = parseWriteTrace(['--write-trace', '250', file]);
    expect(request).toEqual({ steps: 250, file });
    if (!request || 'problem' in request) throw new Error('no request');
    const bytes = await writeBenchTrace(request);
    const text = readFileSync(file, 'utf8');
    expect(Buffer.byteLength(text)).toBe(bytes);
    const { trace } = readTraceText(text);
    expect(trace.steps).toHaveLength(250);
    expect(trace.steps.map((step) => step.index)).toEqual([...Array(250).keys()]);
  });

  it('says what is wrong with N or FILE', () => {
    expect(parseWriteTrace(['--json'])).toBeNull();
    expect(parseWriteTrace(['--write-trace', 'many', 'x.json'])).toEqual({
      problem: expect.stringContaining('needs a whole number of steps, not many'),
    });
    expect(parseWriteTrace(['--write-trace', '0', 'x.json'])).toEqual({
      problem: '--write-trace writes 1 to 1,000,000 steps, not 0.',
    });
    expect(parseWriteTrace(['--write-trace', '100'])).toEqual({
      problem: expect.stringContaining('needs the file to write'),
    });
  });
});
