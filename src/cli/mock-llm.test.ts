/**
 * `loop run --endpoint` against a third-party OpenAI-compatible server, @dwmkerr/mock-llm, on a
 * free loopback port with a config of its own (in a temp dir, so ./mock-llm.yaml is never read).
 * mock-llm streams only `message.content` (chunks of `chunkSize` characters, then [DONE]): it
 * cannot stream tool_calls, so the tools protocol is checked on what it can serve, a text reply
 * (the final answer), which names the tool the request offered.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand } from './cli-bundle.test-support';
import { startMockLlm, type MockLlm } from './mock-llm.test-support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT = 60_000;

function runJson(...args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(
      ...cliCommand(['run', ...args, '--json']),
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
  });
}

describe('loop run against @dwmkerr/mock-llm (a server nobody on the team wrote)', () => {
  let server: MockLlm;
  let endpoint = '';

  beforeAll(async () => {
    server = await startMockLlm();
    endpoint = `http://127.0.0.1:${server.port}/v1`;
  }, TIMEOUT);
  afterAll(() => server.stop());

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
