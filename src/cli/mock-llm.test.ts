/**
 * `loop run --endpoint` against a third-party OpenAI-compatible server, @dwmkerr/mock-llm, on a
 * free loopback port with a config of its own (in a temp dir, so ./mock-llm.yaml is never read).
 * mock-llm streams only `message.content` (chunks of `chunkSize` characters, then [DONE]): it
 * cannot stream tool_calls, so the tools protocol runs with `--no-stream`, on the real tool_calls
 * completions mock-llm returns to a request that asks for no stream.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliCommand } from './cli-bundle.test-support';
import {
  MOCK_LLM_TOOL_CALLS,
  MOCK_LLM_TOOLS_ANSWER,
  startMockLlm,
  type MockLlm,
} from './mock-llm.test-support';

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
    'tools protocol, --no-stream: its tool_calls become the two lookups with their results, then the answer',
    async () => {
      const trace = (await runJson(
        'shopops-happy',
        '--endpoint',
        endpoint,
        '--model',
        'm',
        '--protocol',
        'tools',
        '--no-stream',
      )) as {
        stopReason: string;
        answer: string;
        steps: {
          decision: { action: { tool: string; args: Record<string, unknown> } | null };
          observation: { ok: boolean; result: unknown } | null;
        }[];
        metrics: { llmCalls: number; toolCalls: number };
        error: unknown;
      };
      expect(trace.error).toBeNull();
      expect(trace.stopReason).toBe('answer');
      expect(trace.steps.map((step) => step.decision.action)).toEqual([
        ...MOCK_LLM_TOOL_CALLS.map((call) => ({
          tool: call.name,
          args: JSON.parse(call.arguments) as unknown,
        })),
        null,
      ]);
      // The results are the scenario's fixtures, run by its tools.
      expect(trace.steps.map((step) => step.observation)).toEqual([
        { ok: true, empty: false, result: expect.objectContaining({ days_since_shipped: 32 }) },
        {
          ok: true,
          empty: false,
          result: { notes: [{ by: 'carrier', text: 'Parcel held at depot.' }] },
        },
        null,
      ]);
      expect(trace.answer).toBe(MOCK_LLM_TOOLS_ANSWER);
      expect(trace.metrics).toMatchObject({ llmCalls: 3, toolCalls: 2 });
    },
    TIMEOUT,
  );
});
