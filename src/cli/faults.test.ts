/**
 * The fault matrix for `loop run --endpoint`: a local Node server answers the first model call
 * well (one step is recorded) and serves one fault on the second. Each row checks the exit code,
 * the message (what happened and what to do) and the trace written with --out: the step recorded
 * before the fault is in it. Stop mid-stream is Ctrl-C here: interrupt.test.ts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand } from './cli-bundle.test-support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT = 60_000;

const FIRST_TURN = 'Thought: need the order first\nAction: tool:get_order case_id=O-1001';
const LAST_TURN = 'Thought: done.\nAction: answer Order O-1001 shipped 32 days ago.';

type Res = http.ServerResponse;
const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
const streamHead = (res: Res) => res.writeHead(200, { 'Content-Type': 'text/event-stream' });
const reply = (res: Res, text: string) => {
  streamHead(res);
  for (const piece of text.match(/[\s\S]{1,12}/g) ?? []) res.write(chunk(piece));
  res.end(`${chunk('', 'stop')}data: [DONE]\n\n`);
};
const status = (res: Res, code: number, message: string, headers: Record<string, string> = {}) => {
  res.writeHead(code, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { message } }));
};

interface Fault {
  readonly name: string;
  /** Serves the faulty second call; `tries` counts the tries of that call (1 for the first). */
  readonly serve: (res: Res, tries: number) => void;
  readonly flags?: readonly string[];
  /** The stop reason and error code of the run; null code for a run that recovered. */
  readonly stop: 'error' | 'answer';
  readonly code: string | null;
  /** Words the message must hold: what happened, then what to do. */
  readonly says: readonly RegExp[];
}

const FAULTS: readonly Fault[] = [
  {
    name: '401',
    serve: (res) => status(res, 401, 'Invalid key'),
    stop: 'error',
    code: 'http_401',
    says: [/401 Unauthorized/, /check the API key/, /Invalid key/],
  },
  {
    name: '403',
    serve: (res) => status(res, 403, 'No access to model'),
    stop: 'error',
    code: 'http_403',
    says: [/403 Forbidden/, /lack permission for this model/],
  },
  {
    name: '404',
    serve: (res) => status(res, 404, 'model m not found'),
    stop: 'error',
    code: 'http_404',
    says: [/404 Not Found/, /check the base URL .* and the model name/],
  },
  {
    name: '429 with Retry-After, every try',
    serve: (res) => status(res, 429, 'slow down', { 'Retry-After': '1' }),
    stop: 'error',
    code: 'http_429',
    says: [/gave up after 3 tries \(429, then 429 and 429 on retries\)/, /wait a minute and try/],
  },
  {
    name: '429 without Retry-After, every try',
    serve: (res) => status(res, 429, 'slow down'),
    stop: 'error',
    code: 'http_429',
    says: [/gave up after 3 tries/, /rate limiting this client/],
  },
  {
    name: '429 with Retry-After once, then success',
    serve: (res, tries) =>
      tries === 1 ? status(res, 429, 'slow down', { 'Retry-After': '1' }) : reply(res, LAST_TURN),
    stop: 'answer',
    code: null,
    says: [],
  },
  {
    name: '500 then success',
    serve: (res, tries) => (tries === 1 ? status(res, 500, 'boom') : reply(res, LAST_TURN)),
    stop: 'answer',
    code: null,
    says: [],
  },
  {
    name: '500 on every try',
    serve: (res) => status(res, 500, 'boom'),
    stop: 'error',
    code: 'http_500',
    says: [/500 Internal Server Error; gave up after 3 tries/, /check its log/],
  },
  {
    name: 'a stream cut mid-token',
    serve: (res) => {
      streamHead(res);
      res.write(chunk('Thought: che'));
      setTimeout(() => res.socket?.destroy(), 50);
    },
    stop: 'error',
    code: 'stream_truncated',
    says: [/before the model finished/, /try again/i],
  },
  {
    name: 'an error object inside a 200 stream',
    serve: (res) => {
      streamHead(res);
      res.write(chunk('Thought: '));
      res.end(`data: ${JSON.stringify({ error: { message: 'Context length exceeded' } })}\n\n`);
    },
    stop: 'error',
    code: 'stream_error',
    says: [/error in the middle of the stream: Context length exceeded/, /Try again/],
  },
  {
    name: 'an idle stream',
    serve: (res) => {
      streamHead(res);
      res.write(chunk('Thought: hm'));
    },
    flags: ['--idle-timeout', '1'],
    stop: 'error',
    code: 'stream_idle',
    says: [/No data for 1 s/, /--idle-timeout SECONDS/],
  },
  {
    name: 'malformed SSE lines',
    serve: (res) => {
      streamHead(res);
      res.end('data: {"choices": [oops\n\n');
    },
    stop: 'error',
    code: 'stream_bad_event',
    says: [/not JSON: "\{"choices": \[oops"/, /check that the base URL/],
  },
  {
    name: 'a reply that never sends [DONE] (but finishes and closes)',
    serve: (res) => {
      streamHead(res);
      res.end(chunk(LAST_TURN, 'stop'));
    },
    stop: 'answer',
    code: null,
    says: [],
  },
  {
    name: 'a reply that stops without [DONE] or a finish reason',
    serve: (res) => {
      streamHead(res);
      res.end(chunk('Thought: half a th'));
    },
    stop: 'error',
    code: 'stream_truncated',
    says: [/no \[DONE\] and no finish reason/, /try again/],
  },
  {
    name: 'a 10 MB reply',
    serve: (res) => {
      streamHead(res);
      const piece = chunk('x'.repeat(64 * 1024));
      let sent = 0;
      const more = () => {
        while (sent < 160 && !res.destroyed) {
          sent++;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end('data: [DONE]\n\n');
      };
      res.on('error', () => undefined);
      more();
    },
    stop: 'error',
    code: 'reply_too_large',
    says: [/passed 1,000,000 characters/, /lower the server's max_tokens or try again/],
  },
];

function loop(args: readonly string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      ...cliCommand([...args]),
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env } },
      (error, stdout) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout }),
    );
  });
}

describe('loop run --endpoint: the fault matrix', () => {
  let server: http.Server;
  let base = '';
  let dir = '';
  /** Tries of the second call, by fault. */
  const tries = new Map<string, number>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-faults-'));
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (data: Buffer) => (raw += data.toString('utf8')));
      req.on('end', () => {
        const name = decodeURIComponent((req.url ?? '').split('/')[1] ?? '');
        const fault = FAULTS.find((row) => row.name === name);
        const body = JSON.parse(raw || '{"messages":[]}') as { messages: { role: string }[] };
        const turn = body.messages.filter((message) => message.role === 'assistant').length;
        if (!fault) return status(res, 400, `no fault ${name}`);
        if (turn === 0) return reply(res, FIRST_TURN);
        const count = (tries.get(name) ?? 0) + 1;
        tries.set(name, count);
        fault.serve(res, count);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s',
    async (_name, fault) => {
      const out = path.join(dir, `${FAULTS.indexOf(fault)}.loopscope.json`);
      const endpoint = `${base}/${encodeURIComponent(fault.name)}/v1`;
      const run = await loop([
        'run',
        'shopops-happy',
        '--endpoint',
        endpoint,
        '--model',
        'm',
        '--json',
        '--out',
        out,
        ...(fault.flags ?? []),
      ]);
      // A finished run exits 0 whatever its stop reason.
      expect(run.code).toBe(0);
      const trace = JSON.parse(run.stdout) as {
        stopReason: string;
        error: { code: string; message: string } | null;
        steps: { thought: string }[];
      };
      expect(trace.stopReason).toBe(fault.stop);
      expect(trace.error?.code ?? null).toBe(fault.code);
      for (const words of fault.says) expect(trace.error?.message).toMatch(words);
      // The step recorded before the fault is kept, in the output and in the --out file.
      expect(trace.steps[0]?.thought).toBe('need the order first');
      const written = readFileSync(out, 'utf8');
      expect(written).toContain('need the order first');
      if (fault.code) expect(written).toContain(fault.code);
    },
    TIMEOUT,
  );
});
