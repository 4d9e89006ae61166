/**
 * @dwmkerr/mock-llm, a third-party OpenAI-compatible server, as the CLI's and the app's tests run
 * it: on a free loopback port, with a config of its own in a temp dir (so ./mock-llm.yaml is never
 * read), scripted for shopops-happy in both protocols. mock-llm streams only `message.content`
 * (chunks of `chunkSize` characters, then [DONE]), so it cannot stream tool_calls; a request with
 * `stream` not true gets the configured JSON as is. So the text protocol is streamed, and the
 * tools protocol gets real `tool_calls` completions from an endpoint with streaming off.
 *
 * Each turn is picked by what the conversation holds (how many assistant turns, or tool results),
 * not by mock-llm's `sequence` counters: those are global to the server and survive a test, a
 * retried request or a second run; a conversation-matched turn is the same whoever asks.
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

/** The tools protocol's turns: shopops-happy's two lookups as tool calls, then the answer. */
export const MOCK_LLM_TOOL_CALLS = [
  { id: 'call_order', name: 'get_order', arguments: '{"case_id":"O-1001"}' },
  { id: 'call_notes', name: 'list_order_notes', arguments: '{"case_id":"O-1001"}' },
] as const;
export const MOCK_LLM_TOOLS_ANSWER =
  'Order O-1001 shipped 32 days ago; the carrier holds the parcel at the depot.';
/** What a request that offers tools and asks for a stream gets: mock-llm cannot stream tool calls. */
export const MOCK_LLM_CANNOT_STREAM_TOOLS = 'mock-llm cannot stream tool calls.';

const completion = (message: object, finishReason = 'stop') =>
  JSON.stringify({
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    model: '{{jmes request body.model}}',
    choices: [
      { index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason },
    ],
  });

const toolCall = ({ id, name, arguments: args }: (typeof MOCK_LLM_TOOL_CALLS)[number]) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

const CHAT = { path: '/v1/chat/completions', method: 'POST' } as const;
/** mock-llm's jmespath gives null for a missing field, so `!body.tools` would not do. */
const WHOLE_TOOLS_REQUEST = 'body.tools != `null` && body.stream != `true`';

/** The config (YAML is a superset of JSON): the turns of both protocols. */
const CONFIG = {
  streaming: { chunkSize: 7, chunkIntervalMs: 1 },
  rules: [
    // The text protocol, streamed: the turn by how many the model has had.
    ...MOCK_LLM_TURNS.map((turn, count) => ({
      ...CHAT,
      match: `body.tools == \`null\` && length(body.messages[?role=='assistant']) == \`${count}\``,
      response: { status: 200, content: completion({ content: turn }) },
    })),
    // The tools protocol, not streamed: a tool call for each tool result sent back so far
    // (a result sent back some other way than as a `tool` message gets the first call again).
    ...MOCK_LLM_TOOL_CALLS.map((call, count) => ({
      ...CHAT,
      match: `${WHOLE_TOOLS_REQUEST} && length(body.messages[?role=='tool']) == \`${count}\``,
      response: {
        status: 200,
        content: completion({ content: null, tool_calls: [toolCall(call)] }, 'tool_calls'),
      },
    })),
    {
      ...CHAT,
      match: `${WHOLE_TOOLS_REQUEST} && length(body.messages[?role=='tool']) == \`${MOCK_LLM_TOOL_CALLS.length}\``,
      response: { status: 200, content: completion({ content: MOCK_LLM_TOOLS_ANSWER }) },
    },
    // Tools offered on a stream: mock-llm would fail on a message without content; say why.
    {
      ...CHAT,
      match: 'body.tools != `null` && body.stream == `true`',
      response: { status: 200, content: completion({ content: MOCK_LLM_CANNOT_STREAM_TOOLS }) },
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
