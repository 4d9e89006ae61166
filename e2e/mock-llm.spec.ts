import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * The app against @dwmkerr/mock-llm, an OpenAI-compatible server nobody on the team wrote, on a
 * free loopback port with its own config in a temp dir (never ./mock-llm.yaml). mock-llm sends no
 * CORS headers and answers a preflight OPTIONS with 404, so a browser cannot call it from another
 * origin; a forwarder here adds the CORS headers and passes every byte through unchanged.
 * mock-llm streams only `message.content` (it cannot stream tool_calls), so the tools protocol is
 * checked on a text reply, the final answer, which names the first tool the request offered.
 */

const MOCK_LLM = path.resolve('node_modules/@dwmkerr/mock-llm/dist/main.js');
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
const CONFIG = {
  streaming: { chunkSize: 7, chunkIntervalMs: 1 },
  rules: [
    ...TURNS.map((turn, count) => ({
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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

let dir = '';
let mockLlm: ChildProcess | null = null;
let forwarder: Server | null = null;
let baseUrl = '';

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'loopscope-mock-llm-e2e-'));
  const configPath = path.join(dir, 'config.yaml');
  writeFileSync(configPath, JSON.stringify(CONFIG, null, 2));
  const port = await freePort();
  const child = spawn(process.execPath, [MOCK_LLM, '--config', configPath], {
    cwd: dir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  mockLlm = child;
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stdout!.on('data', (data: Buffer) => {
      said += data.toString('utf8');
      if (said.includes('server running on')) resolve();
    });
    child.stderr!.on('data', (data: Buffer) => (said += data.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`mock-llm exited (${code}): ${said}`)));
  });
  forwarder = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'authorization, content-type');
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const upstream = httpRequest(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => forwarder!.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}/v1`;
});

test.afterAll(async () => {
  forwarder?.closeAllConnections();
  await new Promise<void>((resolve) => (forwarder ? forwarder.close(() => resolve()) : resolve()));
  if (mockLlm && mockLlm.exitCode === null) {
    const exited = new Promise((resolve) => mockLlm!.once('exit', resolve));
    mockLlm.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });
const steps = (page: Page) =>
  page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listbox', { name: 'Steps' })
    .getByRole('option');

async function runOnMockLlm(page: Page, protocol: string): Promise<void> {
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByRole('button', { name: 'Manage endpoints…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Endpoints' });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await dialog.getByLabel('Name').fill('mock-llm');
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await dialog.getByLabel('Model', { exact: true }).fill('mock-model');
  await dialog.getByLabel('Protocol').selectOption({ label: protocol });
  await dialog.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(dialog.getByRole('list', { name: 'Your endpoints' })).toContainText('in use');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
}

test('text protocol: three streamed turns from mock-llm become two tool steps and the answer', async ({
  page,
}) => {
  await runOnMockLlm(page, 'Text (the loop parses the reply)');
  await expect(steps(page)).toHaveCount(3);
  await expect(metrics(page)).toContainText('LLM calls: 3');
  await expect(metrics(page)).toContainText('Answer: correct');
});

test('tools protocol: the request offers the scenario tools; mock-llm’s text reply is the answer', async ({
  page,
}) => {
  await runOnMockLlm(page, 'Tools (native function calling)');
  await expect(metrics(page)).toContainText('LLM calls: 1');
  await expect(page.getByText('Offered get_order first.').first()).toBeVisible();
});
