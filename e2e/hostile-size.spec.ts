import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { Page } from '@playwright/test';
import { addEndpoint, delta, DONE, LocalEndpoint, streamHead } from './local-endpoint';
import { expect, openOnlyKeptRun, test, timelineSteps } from './support';

/**
 * Hostile sizes (issue 15): a scenario whose replies hold a 100,000-character unbroken word, and
 * an endpoint that streams a 10 MB reply. The page shows them clipped ("Show all"), never wider
 * than the window, and answers clicks while they arrive.
 *
 * The endpoint is a tiny OpenAI-compatible server on 127.0.0.1 started here (as in
 * eval-endpoint.spec.ts): the browser's requests reach it exactly as they are sent.
 */

/** Chromium logs the request the app aborts when the reply grows too large. */
test.use({ consoleAllowed: { allow: [/127\.0\.0\.1:\d+\/v1/, /net::ERR_/] } });

const WORD = 'w'.repeat(100_000);

/** The page is never wider than its window. */
const pageOverflows = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

test('a scenario whose title, thought, tool name and answer hold a 100,000-character word shows them clipped in the inspector, the library and compare', async ({
  page,
}) => {
  const builtin = JSON.parse(readFileSync('src/scenarios/shopops-happy.json', 'utf8')) as Record<
    string,
    unknown
  >;
  const huge = {
    ...builtin,
    id: 'huge-word',
    title: `Huge word ${WORD}`,
    model: {
      kind: 'scripted',
      turns: [
        `Thought: ${WORD}\nAction: tool:get_order case_id=O-1001`,
        `Thought: try another tool\nAction: tool:${WORD} case_id=O-1001`,
        'Thought: check the notes\nAction: tool:list_order_notes case_id=O-1001',
        `Thought: done\nAction: answer Order O-1001 shipped 32 days ago; the parcel is at the depot. ${WORD}`,
      ],
    },
  };
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'huge-word.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(huge)),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Added your scenario "Huge word w');
  expect(await pageOverflows(page)).toBe(false);
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('huge-word');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');

  // The answer's step: the word shows by its start, the rest a click away.
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record.getByRole('heading', { name: 'Step 3', exact: true })).toBeVisible();
  await expect(
    record.getByRole('button', { name: /^Show all \(9\d,\d{3} more characters\)$/ }).first(),
  ).toBeVisible();
  expect(await pageOverflows(page)).toBe(false);
  // The timeline names the step that called a tool with a 100,000-character name by its start.
  const title = (await timelineSteps(page).nth(1).getAttribute('title')) ?? '';
  expect(title).toMatch(/^Step 1 · .*action/);
  expect(title.length).toBeLessThan(1_000);

  // The Context tab: the first step's thought comes back in the history, clipped too.
  await record.getByRole('tab', { name: 'Context' }).click();
  const context = record.getByRole('tabpanel', { name: 'Context' });
  await expect(context.getByRole('button', { name: /^Show all/ }).first()).toBeVisible();
  expect(await pageOverflows(page)).toBe(false);

  // Responsive: another step opens at a click; its thought shows in full after "Show all".
  await record.getByRole('tab', { name: 'Decision' }).click();
  await timelineSteps(page).first().click();
  await expect(record.getByRole('heading', { name: 'Step 0', exact: true })).toBeVisible();
  const thought = record.getByRole('button', { name: 'Show all (96,000 more characters)' });
  await thought.click();
  await expect(record.getByText(WORD, { exact: true })).toBeAttached();
  await expect(thought).toHaveCount(0);
  expect(await pageOverflows(page)).toBe(false);

  // The library lists the run by the scenario's title, cut to a line.
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  const kept = page.getByRole('table', { name: 'Kept runs' });
  await expect(kept.getByRole('button', { name: /^Huge word w+…/ }).first()).toBeVisible();
  expect(await pageOverflows(page)).toBe(false);

  // Compare, on the user's scenario kept in the library: each lane's record clips the answer.
  await page.goto('/#/compare?scenario=huge-word');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run all' }).click();
  const lanes = page.getByRole('region', { name: /^Lane [AB]: / });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered|stalled|escalated/);
  }
  const first = lanes.first().getByRole('region', { name: 'Decision record' });
  await expect(first.getByRole('button', { name: /^Show all/ }).first()).toBeVisible();
  expect(await pageOverflows(page)).toBe(false);
  // Responsive: the summary's baseline radio answers a click.
  const baseline = page.getByRole('region', { name: 'Summary' }).getByRole('radio').nth(1);
  await baseline.check();
  await expect(baseline).toBeChecked();
  // The presenter plays built-in scenarios only, so it cannot open this one (not checked here).
});

/** The huge reply waits after this many events (500,000 characters, under the 1,000,000 cap). */
const HOLD_AT = 500;
/** The first reply's thought: long, but far under the cap. */
const LONG_THOUGHT = 'y'.repeat(150_000);

/**
 * A chat-completions server: the first reply is a tool call after a long thought; the second
 * streams 10 MB and waits once on the way (`holding`, `go`).
 */
class HugeReplyEndpoint {
  requests = 0;
  private readonly server = new LocalEndpoint((_request, response) => this.handle(response));
  private release: (() => void) | null = null;
  private held = new Promise<void>((resolve) => (this.release = resolve));
  /** Resolves once the huge reply has sent `HOLD_AT` characters and waits. */
  readonly holding: Promise<void>;
  private markHolding: () => void = () => {};

  constructor() {
    this.holding = new Promise<void>((resolve) => (this.markHolding = resolve));
  }

  get baseUrl(): string {
    return this.server.base();
  }

  start(): Promise<void> {
    return this.server.start();
  }

  async stop(): Promise<void> {
    this.go();
    await this.server.stop();
  }

  /** Lets the held reply stream on. */
  go(): void {
    this.release?.();
  }

  private async handle(response: ServerResponse): Promise<void> {
    this.requests++;
    streamHead(response);
    if (this.requests === 1) {
      response.end(
        `${delta(`Thought: ${LONG_THOUGHT}`)}${delta('\nAction: tool:get_order case_id=O-1001')}${DONE}`,
      );
      return;
    }
    // 10 MB in 10,000 events of 1,000 characters, each far under the 1 MB per-event cap.
    const piece = delta('x'.repeat(1_000));
    for (let sent = 0; sent < 10_000; sent++) {
      if (response.destroyed) return;
      if (sent === HOLD_AT) {
        this.markHolding();
        await this.held;
      }
      if (!response.write(piece)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            response.off('drain', done);
            response.off('close', done);
            resolve();
          };
          response.on('drain', done);
          response.on('close', done);
        });
      }
    }
    if (!response.destroyed) response.end(DONE);
  }
}

test('a 10 MB streamed reply stops as reply_too_large; the page stays responsive and keeps the steps before', async ({
  page,
}) => {
  const endpoint = new HugeReplyEndpoint();
  await endpoint.start();
  try {
    await page.goto('/#/inspect?scenario=shopops-happy');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    await addEndpoint(page, {
      name: 'Huge replies',
      baseUrl: endpoint.baseUrl,
      model: 'fake-model',
    });

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await endpoint.holding;
    // Half a million characters in: the call shows the reply's tail and says what came before.
    const streaming = page.getByRole('region', { name: 'Streaming model call' });
    await expect(streaming).toContainText(/49\d,\d{3} earlier characters/);
    await expect(timelineSteps(page)).toHaveCount(1);
    // Responsive: a control elsewhere answers a click while the reply streams.
    await page
      .getByRole('radiogroup', { name: 'Theme' })
      .getByRole('radio', { name: 'Dark' })
      .check();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await pageOverflows(page)).toBe(false);

    endpoint.go();
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('The model call failed (reply_too_large)');
    await expect(banner).toContainText('passed 1,000,000 characters');
    await expect(banner).toContainText('The steps recorded before it stay below');
    await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: error');
    await expect(timelineSteps(page)).toHaveCount(1);
    // The step before keeps its long thought: shown by its start, all of it a click away.
    await timelineSteps(page).first().click();
    const record = page.getByRole('region', { name: 'Decision record' });
    await expect(record.getByRole('heading', { name: 'Step 0', exact: true })).toBeVisible();
    await expect(
      record.getByRole('button', { name: 'Show all (146,000 more characters)' }),
    ).toBeVisible();
    expect(await pageOverflows(page)).toBe(false);

    // The Library keeps that step, its long thought whole, and the run's error.
    await openOnlyKeptRun(page, 1);
    await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: error');
    await timelineSteps(page).first().click();
    await expect(record.getByRole('heading', { name: 'Step 0', exact: true })).toBeVisible();
    await expect(record).toContainText('get_order');
    await record.getByRole('button', { name: 'Show all (146,000 more characters)' }).click();
    await expect(record.getByText(LONG_THOUGHT, { exact: true })).toBeAttached();
  } finally {
    await endpoint.stop();
  }
});
