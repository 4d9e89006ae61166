import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';
import {
  MOCK_LLM_TOOL_CALLS,
  MOCK_LLM_TOOLS_ANSWER,
  startMockLlm,
  type MockLlm,
} from '../src/cli/mock-llm.test-support';
import { addEndpoint, LocalEndpoint, type EndpointFields } from './local-endpoint';
import { expect, test, timelineSteps } from './support';

/**
 * The app against @dwmkerr/mock-llm, an OpenAI-compatible server nobody on the team wrote, on a
 * free loopback port with its own config in a temp dir (never ./mock-llm.yaml). mock-llm sends no
 * CORS headers and answers a preflight OPTIONS with 404, so a browser cannot call it from another
 * origin; a forwarder here adds the CORS headers and passes every byte through unchanged.
 * mock-llm streams only `message.content` (it cannot stream tool_calls), so the tools protocol
 * runs on an endpoint with "Stream replies" off: mock-llm then returns its tool_calls completions
 * whole, as JSON.
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
const record = (page: Page) => page.getByRole('region', { name: 'Decision record' });

async function runOnMockLlm(
  page: Page,
  protocol: string,
  more: Partial<EndpointFields> = {},
): Promise<void> {
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await addEndpoint(page, {
    name: 'mock-llm',
    baseUrl: forwarder.base(),
    model: 'mock-model',
    protocol,
    ...more,
  });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
}

test('text protocol: three streamed turns from mock-llm become two tool steps and the answer', async ({
  page,
}) => {
  await runOnMockLlm(page, 'Text (the loop parses the reply)');
  await expect(timelineSteps(page)).toHaveCount(3);
  await expect(metrics(page)).toContainText('LLM calls: 3');
  await expect(metrics(page)).toContainText('Answer: correct');
});

test('tools protocol, replies not streamed: mock-llm’s tool_calls are the steps, the scenario’s tools answer them', async ({
  page,
}) => {
  await runOnMockLlm(page, 'Tools (native function calling)', { stream: false });
  await expect(timelineSteps(page)).toHaveCount(3);
  await expect(metrics(page)).toContainText('LLM calls: 3');
  await expect(metrics(page)).toContainText('Answer: correct');
  // Each step is the tool call mock-llm returned, with its arguments; its observation is what
  // the scenario's tool returned for them.
  const observations = ['days_since_shipped: 32', 'Parcel held at depot.'];
  for (const [index, call] of MOCK_LLM_TOOL_CALLS.entries()) {
    await timelineSteps(page).nth(index).click();
    await expect(record(page)).toContainText(`Arguments of ${call.name}case_idO-1001`);
    await expect(record(page)).toContainText(observations[index]!);
  }
  await timelineSteps(page).nth(2).click();
  await expect(record(page)).toContainText(MOCK_LLM_TOOLS_ANSWER);
  // The endpoint, saved and read back after the reload, still says so.
  await page.getByRole('button', { name: 'Manage endpoints…' }).click();
  const endpoints = page.getByRole('dialog', { name: 'Endpoints' }).getByRole('listitem');
  await expect(endpoints.filter({ hasText: 'mock-llm' })).toContainText(
    'tools protocol · replies not streamed',
  );
  await page.keyboard.press('Escape');
});
