import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startMockLlm, type MockLlm } from '../src/cli/mock-llm.test-support';
import { expect, test } from './support';

/**
 * The app against @dwmkerr/mock-llm, an OpenAI-compatible server nobody on the team wrote, on a
 * free loopback port with its own config in a temp dir (never ./mock-llm.yaml). mock-llm sends no
 * CORS headers and answers a preflight OPTIONS with 404, so a browser cannot call it from another
 * origin; a forwarder here adds the CORS headers and passes every byte through unchanged.
 * mock-llm streams only `message.content` (it cannot stream tool_calls), so the tools protocol is
 * checked on a text reply, the final answer, which names the first tool the request offered.
 */

let mockLlm: MockLlm | null = null;
let forwarder: Server | null = null;
let baseUrl = '';

test.beforeAll(async () => {
  mockLlm = await startMockLlm();
  const { port } = mockLlm;
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
  await mockLlm?.stop();
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
