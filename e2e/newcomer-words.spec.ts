import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * What a newcomer tripped over in the screen's words (issue 14): captions built from
 * identifiers, demo names that disagree, a step named two ways, a score of 0 on every step, a
 * clipped "Fixed cadence", an unexplained "(conversation 0)".
 */

const caption = (page: Page) => page.getByRole('region', { name: 'Caption', exact: true });
const card = (page: Page, name: string) =>
  page
    .getByRole('region', { name, exact: true })
    .getByRole('group', { name: `${name}: current step`, exact: true });
const record = (page: Page) => page.getByRole('region', { name: 'Decision record' });

async function runStallingScenario(page: Page) {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
}

test('the presenter names a metric as people write it, not as words made from its identifier', async ({
  page,
}) => {
  await page.goto('/#/present?demo=adaptive-vs-fixed&from=inspect');
  await expect(caption(page)).toContainText('press Space or Play to start');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(caption(page)).toContainText('Step 2 of');
  await expect(caption(page)).toContainText(
    'Both runs check the DB pool wait (ms) metric of checkout.',
  );
  for (const lane of ['Fixed cadence', 'Adaptive']) {
    await expect(card(page, lane)).toContainText(
      'Checks the DB pool wait (ms) metric of checkout.',
    );
  }
  await expect(page.locator('main, body').first()).not.toContainText('db pool wait ms');
});

test('a demo has one name on its card, in the Demo select and on its slide', async ({ page }) => {
  await page.goto('/#/present?from=inspect');
  const title = 'Fixed vs adaptive reflection on a clear-cut incident';
  const link = page.getByRole('link', { name: title, exact: true });
  await expect(link.getByRole('heading', { level: 2 })).toHaveText(title);
  // The card names its scenario as the inspector's Scenario select does, too.
  await expect(link.getByText('rca-checkout-latency', { exact: true })).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const select = page.getByLabel('Demo', { exact: true });
  await expect(select).toHaveValue('adaptive-vs-fixed');
  const chosen = await select.evaluate(
    (element) => (element as HTMLSelectElement).selectedOptions[0]?.text ?? '',
  );
  expect(chosen).toBe('Fixed vs adaptive reflection');
  expect(title.startsWith(`${chosen} `)).toBe(true);
  // The lanes stand in the order the name gives them.
  const lanes = page.getByRole('region', { name: /^(Fixed cadence|Adaptive)$/ });
  await expect(lanes).toHaveCount(2);
  await expect(lanes.nth(0)).toHaveAccessibleName('Fixed cadence');
  await expect(lanes.nth(1)).toHaveAccessibleName('Adaptive');

  await page.goto('/#/inspect?scenario=rca-checkout-latency');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const scenario = page.getByLabel('Scenario', { exact: true });
  await expect(scenario).toHaveValue('rca-checkout-latency');
  expect(
    await scenario.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.text),
  ).toBe('rca-checkout-latency');
});

test('confidence is said once, on the answer, and on no other step', async ({ page }) => {
  await runStallingScenario(page);
  await page.locator('body').press('Home');
  for (let step = 0; step < 4; step++) {
    if (step > 0) await page.locator('body').press('ArrowRight');
    await expect(
      record(page).getByRole('heading', { name: `Step ${step}`, exact: true }),
    ).toBeVisible();
    await expect(record(page)).not.toContainText('Confidence');
  }
  await page.locator('body').press('End');
  await expect(record(page).getByRole('heading', { name: 'Step 4', exact: true })).toBeVisible();
  await expect(record(page).getByText('Confidence', { exact: true })).toHaveCount(1);
  await expect(record(page)).toContainText(
    'Confidencenot scored (prose is not a calibrated score)',
  );
});
