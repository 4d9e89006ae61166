/**
 * @dwmkerr/mock-llm, a third-party OpenAI-compatible server, as the CLI's and the app's tests run
 * it: on a free loopback port, with a config of its own in a temp dir (so ./mock-llm.yaml is never
 * read), scripted for shopops-happy's three text turns. mock-llm streams only `message.content`
 * (chunks of `chunkSize` characters, then [DONE]): it cannot stream tool_calls, so a request that
 * offers tools gets a text reply, the final answer, naming the first tool offered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MOCK_LLM = path.join(ROOT, 'node_modules/@dwmkerr/mock-llm/dist/main.js');

export const MOCK_LLM_TURNS = [
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

/** The config (YAML is a superset of JSON): the text turns by how many the model has had. */
const CONFIG = {
  streaming: { chunkSize: 7, chunkIntervalMs: 1 },
  rules: [
    ...MOCK_LLM_TURNS.map((turn, count) => ({
      path: '/v1/chat/completions',
      method: 'POST',
      // Not `!body.tools`: mock-llm's jmespath gives null for it.
      match: `body.tools == \`null\` && length(body.messages[?role=='assistant']) == \`${count}\``,
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

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

export interface MockLlm {
  readonly port: number;
  /** Stops the server and removes its temp dir. */
  readonly stop: () => Promise<void>;
}

/** Starts mock-llm and resolves once it says it is listening. */
export async function startMockLlm(): Promise<MockLlm> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-mock-llm-'));
  const configPath = path.join(dir, 'config.yaml');
  writeFileSync(configPath, JSON.stringify(CONFIG, null, 2));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MOCK_LLM, '--config', configPath], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stdout?.on('data', (data: Buffer) => {
      said += data.toString('utf8');
      if (said.includes('server running on')) resolve();
    });
    child.stderr?.on('data', (data: Buffer) => (said += data.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`mock-llm exited (${code}): ${said}`)));
  });
  return { port, stop };
}
