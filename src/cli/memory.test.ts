/**
 * `loop run … --memory FILE` through the real entry point: the file's reflections reach the run
 * as `cross_task` history, a bad line is reported and skipped, the run's new reflections are
 * appended (the lines already there stay as they were), and a missing file is created.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cliCommand } from './cli-bundle.test-support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT = 30_000;
const dir = mkdtempSync(path.join(os.tmpdir(), 'loop-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function loop(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      ...cliCommand([...args]),
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1' },
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        }),
    );
  });
}

interface TraceJson {
  readonly answer: string | null;
  readonly steps: readonly {
    readonly kind: string;
    readonly modelCall: { readonly messages: readonly { role: string; content: string }[] } | null;
  }[];
}

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '');

describe('loop run --memory FILE', () => {
  it(
    'a reflection of one scenario, kept in the file, helps a cross_task run of another',
    async () => {
      const file = path.join(dir, 'memory.jsonl');
      const first = await loop(
        'run',
        'triage-priority-retry',
        '--attempts',
        '2',
        '--memory',
        file,
        '--json',
      );
      expect(first.code).toBe(0);
      expect(first.stderr).toBe('');
      const written = lines(file);
      expect(written).toHaveLength(1);
      const record = JSON.parse(written[0]!) as Record<string, unknown>;
      expect(record).toMatchObject({
        evaluator_type: 'reflection',
        query_id: 'triage-priority-retry',
        trajectory_key: 'triage-priority-retry/0',
        metadata: { reward: 0, attempt: 1 },
      });

      // A broken line in the file is reported and skipped; the file is appended to, not rewritten.
      writeFileSync(file, `${readFileSync(file, 'utf8')}{broken\n`);
      const second = await loop(
        'run',
        'triage-printing-memory',
        '--history',
        'cross_task',
        '--memory',
        file,
        '--json',
      );
      expect(second.code).toBe(0);
      expect(second.stderr).toBe(`loop: --memory ${file}: line 2: not JSON (skipped)\n`);
      const trace = JSON.parse(second.stdout) as TraceJson;
      const system = trace.steps[0]?.modelCall?.messages[0]?.content ?? '';
      expect(system).toContain(
        `Reflections from previous attempts:\n\n[Reflection 1]\n${String(record['content'])}`,
      );
      expect(trace.answer).toMatch(/^P1/);
      expect(lines(file)).toEqual([written[0], '{broken']);

      const alone = await loop('run', 'triage-printing-memory', '--json');
      expect((JSON.parse(alone.stdout) as TraceJson).answer).toMatch(/^P3/);
    },
    TIMEOUT * 2,
  );

  it(
    'creates a missing file; cross_trajectory runs do not see what it held',
    async () => {
      const file = path.join(dir, 'fresh.jsonl');
      const run = await loop(
        'run',
        'triage-priority-retry',
        '--attempts',
        '3',
        '--memory',
        file,
        '--json',
      );
      expect(run.code).toBe(0);
      expect(lines(file)).toHaveLength(1);
      const again = await loop('run', 'triage-printing-memory', '--memory', file, '--json');
      const trace = JSON.parse(again.stdout) as TraceJson;
      expect(trace.steps[0]?.modelCall?.messages[0]?.content).not.toContain(
        'Reflections from previous attempts',
      );
      expect(lines(file)).toHaveLength(1);
    },
    TIMEOUT,
  );
});
