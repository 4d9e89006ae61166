import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import { startMockLlm, type MockLlm } from '../src/cli/mock-llm.test-support';
import { addEndpoint, LocalEndpoint } from './local-endpoint';
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
/** Passes each request to mock-llm and its answer back, byte for byte, with CORS headers added. */
const forwarder = new LocalEndpoint(
  (request, response) =>
    new Promise<void>((resolve) => {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: mockLlm!.port,
          path: request.url,
          method: request.method,
          headers: request.headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response).on('finish', resolve);
        },
      );
      upstream.end(request.body);
    }),
);

test.beforeAll(async () => {
  mockLlm = await startMockLlm();
  await forwarder.start();
});

test.afterAll(async () => {
  await forwarder.stop();
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
  await addEndpoint(page, {
    name: 'mock-llm',
    baseUrl: forwarder.base(),
    model: 'mock-model',
    protocol,
  });
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
