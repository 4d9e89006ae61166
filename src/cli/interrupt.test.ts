/**
 * Ctrl-C during `loop run --endpoint`, the CLI's row of the fault matrix for the app's "Stop
 * mid-stream": a local server answers the first model call and holds the second open after a
 * few tokens; the test sends SIGINT to the spawned CLI once that call is under way.
 */
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_ROOT, cliCommand } from './cli-bundle.test-support';
import {
  interruptOnSignals,
  interruptedExitCode,
  stoppedLine,
  type SignalSource,
} from './interrupt';

const FIRST_TURN = 'Thought: need the order first\nAction: tool:get_order case_id=O-1001';
const chunk = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

class FakeProcess extends EventEmitter implements SignalSource {
  exited: number | null = null;
  exit(code: number): never {
    this.exited = code;
    throw new Error(`exit ${code}`);
  }
}

describe('interruptOnSignals', () => {
  it('aborts the run on the first signal and quits at once on the second', () => {
    const source = new FakeProcess();
    const lines: string[] = [];
    const interrupt = interruptOnSignals((line) => lines.push(line), source);
    expect(interrupt.signal.aborted).toBe(false);
    expect(interruptedExitCode(interrupt)).toBeNull();
    source.emit('SIGINT');
    expect(interrupt.signal.aborted).toBe(true);
    expect(interruptedExitCode(interrupt)).toBe(130);
    expect(lines).toEqual([
      'loop: Ctrl-C: stopping the run; the steps so far are kept (Ctrl-C again quits at once)',
    ]);
    expect(() => source.emit('SIGTERM')).toThrow('exit 130');
    expect(source.exited).toBe(130);
  });

  it('stops listening once disposed', () => {
    const source = new FakeProcess();
    const interrupt = interruptOnSignals(() => undefined, source);
    expect(source.listenerCount('SIGTERM')).toBe(1);
    interrupt.dispose();
    expect(source.listenerCount('SIGINT') + source.listenerCount('SIGTERM')).toBe(0);
  });

  it('says where the steps went', () => {
    expect(stoppedLine('SIGINT', 1, 'run.loopscope.json')).toBe(
      'loop: stopped by Ctrl-C after 1 step; the trace is in run.loopscope.json',
    );
    expect(stoppedLine('SIGTERM', 3, null)).toBe(
      'loop: stopped by SIGTERM after 3 steps; pass --out FILE to keep the trace',
    );
  });
});

describe('loop run --endpoint: Ctrl-C mid-stream', () => {
  let server: http.Server;
  let base = '';
  let dir = '';
  /** Resolved when the second model call has sent its first tokens. */
  let secondCallStreaming: () => void = () => undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-interrupt-'));
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (data: Buffer) => (raw += data.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(raw || '{"messages":[]}') as { messages: { role: string }[] };
        const turn = body.messages.filter((message) => message.role === 'assistant').length;
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        if (turn === 0) {
          res.end(`${chunk(FIRST_TURN)}data: [DONE]\n\n`);
          return;
        }
        // The second call: a few tokens, then the stream stays open until the client goes.
        res.on('error', () => undefined);
        res.write(chunk('Thought: checking the '), () => secondCallStreaming());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the run, writes the step before with --out, says so and exits 130', async () => {
    const out = path.join(dir, 'stopped.loopscope.json');
    const streaming = new Promise<void>((resolve) => (secondCallStreaming = resolve));
    const [command, args] = cliCommand([
      'run',
      'shopops-happy',
      '--endpoint',
      base,
      '--model',
      'm',
      '--out',
      out,
    ]);
    const child = spawn(command, args, { cwd: CLI_ROOT, env: { ...process.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString('utf8')));
    child.stderr.on('data', (data: Buffer) => (stderr += data.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    await streaming;
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('Ctrl-C: stopping the run; the steps so far are kept');
    expect(stderr).toContain(`stopped by Ctrl-C after 1 step; the trace is in ${out}`);
    expect(stdout).toContain('#0   action             get_order {"case_id":"O-1001"} → ok');
    expect(stdout).toContain('stop: cancelled');
    const written = JSON.parse(readFileSync(out, 'utf8')) as {
      stopReason: string;
      steps: { thought: string }[];
    };
    expect(written.stopReason).toBe('cancelled');
    expect(written.steps.map((step) => step.thought)).toEqual(['need the order first']);
  }, 60_000);
});
