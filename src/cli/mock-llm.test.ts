/**
 * `loop run --endpoint` against a third-party OpenAI-compatible server, @dwmkerr/mock-llm, on a
 * free loopback port with a config of its own (in a temp dir, so ./mock-llm.yaml is never read).
 * mock-llm streams only `message.content` (chunks of `chunkSize` characters, then [DONE]): it
 * cannot stream tool_calls, so the tools protocol is checked on what it can serve, a text reply
 * (the final answer), which names the tool the request offered.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const MOCK_LLM = path.join(ROOT, 'node_modules/@dwmkerr/mock-llm/dist/main.js');
const TIMEOUT = 60_000;

const TURNS = [
  'Thought: need the order first\nAction: tool:get_order case_id=O-1001',
  'Thought: check the notes\nAction: tool:list_order_notes case_id=O-1001',
  'Thought: done.\nAction: answer Order O-1001 shipped 32 days ago; the parcel is held at the depot.',
];

const completion = (content: string) =>
  JSON.stringify({
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    model: '{{jmes request body.model}}',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
const assistantTurns = (count: number) =>
  `length(body.messages[?role=='assistant']) == \`${count}\``;

/** The config (YAML is a superset of JSON): the text turns by how many the model has had. */
const CONFIG = {
  streaming: { chunkSize: 7, chunkIntervalMs: 1 },
  rules: [
    ...TURNS.map((turn, count) => ({
      path: '/v1/chat/completions',
      method: 'POST',
      // Not `!body.tools`: mock-llm's jmespath gives null for it.
      match: `body.tools == \`null\` && ${assistantTurns(count)}`,
      response: { status: 200, content: completion(turn) },
    })),
    {
      path: '/v1/chat/completions',
      method: 'POST',
      match: 'body.tools',
      response: {
        status: 200,
        content: completion('Offered {{jmes request body.tools[0].function.name}} first.'),
      },
    },
  ],
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Starts mock-llm and resolves once it says it is listening. */
function startMockLlm(dir: string, port: number): Promise<ChildProcess> {
  const configPath = path.join(dir, 'config.yaml');
  writeFileSync(configPath, JSON.stringify(CONFIG, null, 2));
  const child = spawn(process.execPath, [MOCK_LLM, '--config', configPath], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stdout.on('data', (data: Buffer) => {
      said += data.toString('utf8');
      if (said.includes('server running on')) resolve(child);
    });
    child.stderr.on('data', (data: Buffer) => (said += data.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`mock-llm exited (${code}): ${said}`)));
  });
}

function runJson(...args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [TSX, 'src/cli/main.ts', 'run', ...args, '--json'],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

describe('loop run against @dwmkerr/mock-llm (a server nobody on the team wrote)', () => {
  let server: ChildProcess;
  let dir = '';
  let endpoint = '';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-mock-llm-'));
    const port = await freePort();
    server = await startMockLlm(dir, port);
    endpoint = `http://127.0.0.1:${port}/v1`;
  }, TIMEOUT);
  afterAll(async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'text protocol: three streamed turns become two tool steps and the answer',
    async () => {
      const trace = (await runJson('shopops-happy', '--endpoint', endpoint, '--model', 'm')) as {
        stopReason: string;
        answer: string;
        steps: { thought: string }[];
        metrics: { llmCalls: number };
        error: unknown;
      };
      expect(trace.error).toBeNull();
      expect(trace.stopReason).toBe('answer');
      expect(trace.answer).toContain('held at the depot');
      expect(trace.steps.map((step) => step.thought)).toEqual([
        'need the order first',
        'check the notes',
        'done.',
      ]);
      expect(trace.metrics.llmCalls).toBe(3);
    },
    TIMEOUT,
  );

  it(
    'tools protocol: the request offers the scenario tools; a reply with no tool call is the answer',
    async () => {
      const trace = (await runJson(
        'shopops-happy',
        '--endpoint',
        endpoint,
        '--model',
        'm',
        '--protocol',
        'tools',
      )) as { stopReason: string; answer: string };
      expect(trace.stopReason).toBe('answer');
      expect(trace.answer).toBe('Offered get_order first.');
    },
    TIMEOUT,
  );
});
