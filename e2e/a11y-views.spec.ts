import type { Page } from '@playwright/test';
import { genAiLoop, otlpRequest } from '../src/engine/otel/fixtures/build';
import { expect, pickMatrix, seriousViolations, test } from './support';

/**
 * axe-core on every view beside the inspector (e2e/a11y.spec.ts has that one), each with
 * content in it: compare after a run, the eval matrix with results, the presenter, the library
 * with runs, the attempts strip, the scenario editor, the memory view, an imported trace's Spans
 * tab. No serious or critical violations, in the light theme and then in the dark one (its own
 * contrasts), chosen as a user does, with the header's Theme switch.
 */

const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';

/** axe in the light theme, then again after the Theme switch turned the page dark. */
async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByRole('radiogroup', { name: 'Theme' })
    .getByRole('radio', { name: 'Dark' })
    .check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page)).toEqual([]);
}

async function ready(page: Page, hash: string) {
  await page.goto(`/${hash}`);
  await page.locator('html[data-mock-ready="1"]').waitFor();
}

async function runShop(page: Page) {
  await ready(page, '#/inspect?scenario=shopops-happy');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
}

test('compare after both lanes ran', async ({ page }) => {
  await ready(page, '#/compare?scenario=shopops-happy');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run all' }).click();
  const lanes = page.getByRole('region', { name: /^Lane [AB]: / });
  await expect(lanes).toHaveCount(2);
  for (const lane of await lanes.all()) {
    await expect(lane.getByRole('status').first()).toHaveText(/answered|stalled|escalated/);
  }
  await expectAccessibleInBothThemes(page);
});

test('the eval matrix with results', async ({ page }) => {
  await ready(page, '#/eval');
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await pickMatrix(setup, CHECKOUT, ['react+off', 'react+adaptive']);
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status')).toContainText('Done: 2 runs');
  await expect(page.getByRole('table', { name: /Eval matrix/ })).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

test('the presenter', async ({ page }) => {
  await page.goto('/#/present?demo=react-vs-reflact&from=inspect');
  await expect(page.getByText('press Space or Play to start')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByText(/Step 1 of \d+/)).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

test('the library with runs', async ({ page }) => {
  await runShop(page);
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  await expect(page.getByRole('table', { name: 'Kept runs' }).getByRole('row')).not.toHaveCount(1);
  await expectAccessibleInBothThemes(page);
});

test('the attempts strip after a run that reflected and tried again', async ({ page }) => {
  const settings = encodeURIComponent(JSON.stringify({ attempts: 3 }));
  await ready(page, `#/inspect?scenario=triage-priority-retry&settings=${settings}`);
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason');
  await expect(page.getByRole('region', { name: 'Attempts' })).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

test('the scenario editor with a duplicated scenario', async ({ page }) => {
  await ready(page, '#/scenarios');
  await page.getByLabel('Built-in scenario').selectOption('rca-search-stall');
  await page.getByRole('button', { name: 'Duplicate a built-in' }).click();
  await expect(page.getByText('No problems')).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

test('the memory view', async ({ page }) => {
  await ready(page, '#/memory');
  await expect(page.getByLabel('Import reflections from a JSONL file')).toBeAttached();
  await expectAccessibleInBothThemes(page);
});

test("an imported trace's Spans tab", async ({ page }) => {
  await ready(page, '#/inspect?scenario=shopops-happy');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'agent.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(otlpRequest(genAiLoop()))),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Opened agent.json');
  const record = page.getByRole('region', { name: 'Decision record' });
  await record.getByRole('tab', { name: 'Spans' }).click();
  await expect(page.getByRole('list', { name: 'Span tree' }).getByRole('listitem')).not.toHaveCount(
    0,
  );
  await expectAccessibleInBothThemes(page);
});
