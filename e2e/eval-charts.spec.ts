import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * The eval matrix's charts: after a small matrix, the three figures by name, their numbers in
 * the tables screen readers read, the keyboard stepping through a chart (its tooltip read out),
 * the pointer over a bar, and a narrow window that stacks the charts.
 */

const CHECKOUT = 'RCA: checkout latency after a deploy (clear-cut)';
const SEARCH = 'RCA: search timeouts, first leads find nothing (stalling)';
const PRESETS = [
  'act+off',
  'react+off',
  'react+fixed',
  'react+adaptive',
  'reflact+off',
  'reflact+fixed',
  'reflact+adaptive',
];

async function runSmallMatrix(page: Page) {
  await page.goto('/#/eval');
  const setup = page.getByRole('complementary', { name: 'Matrix setup', exact: true });
  await setup.getByRole('button', { name: 'Select no scenarios', exact: true }).click();
  await setup.getByRole('checkbox', { name: CHECKOUT, exact: true }).check();
  await setup.getByRole('checkbox', { name: SEARCH, exact: true }).check();
  for (const label of PRESETS)
    await setup
      .getByRole('checkbox', { name: label, exact: true })
      .setChecked(label === 'react+off' || label === 'react+fixed');
  await setup.getByRole('button', { name: 'Run matrix', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Done: 4 runs');
}

const figure = (page: Page, name: RegExp) => page.getByRole('figure', { name });

test('the three charts show the matrix, and their numbers are in tables for screen readers', async ({
  page,
}) => {
  await runSmallMatrix(page);
  const accuracy = figure(page, /^Tokens vs accuracy/);
  const triggers = figure(page, /^Reflections by trigger/);
  const calls = figure(page, /^Calls per scenario/);
  for (const chart of [accuracy, triggers, calls]) await expect(chart.locator('svg')).toBeVisible();
  await expect(triggers.getByRole('listitem')).toHaveText(['cadence', 'stall', 'duplicate']);
  await expect(calls.getByRole('listitem')).toHaveText(['react+off', 'react+fixed']);

  const callsTable = calls.getByRole('table', {
    name: 'Mean LLM calls per run, per scenario and config',
    exact: true,
  });
  await expect(callsTable.getByRole('columnheader')).toHaveText([
    'Scenario',
    'react+off',
    'react+fixed',
  ]);
  await expect(callsTable.getByRole('rowheader')).toHaveText([
    'rca-checkout-latency',
    'rca-search-stall',
  ]);
  await expect(callsTable.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
    /^\d+(\.\d)?$/,
  );

  const accuracyTable = accuracy.getByRole('table', {
    name: 'Tokens vs accuracy per config',
    exact: true,
  });
  await expect(accuracyTable.getByRole('rowheader')).toHaveText(['react+off', 'react+fixed']);
  await expect(accuracyTable.getByRole('row').nth(2).getByRole('cell').last()).toHaveText('100%');

  // react+off never reflects; react+fixed reflects on its cadence.
  const triggerTable = triggers.getByRole('table', {
    name: 'Reflections by trigger per config, all runs',
    exact: true,
  });
  await expect(triggerTable.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    '0',
    '0',
    '0',
    '0',
  ]);
  await expect(triggerTable.getByRole('row').nth(2).getByRole('cell').first()).not.toHaveText('0');
});

test('the keyboard steps through a chart and the pointer shows a bar’s numbers', async ({
  page,
}) => {
  await runSmallMatrix(page);
  const accuracy = figure(page, /^Tokens vs accuracy/);
  const plot = accuracy.getByRole('group', {
    name: 'Tokens vs accuracy: arrow keys step through the chart',
    exact: true,
  });
  await plot.focus();
  await page.keyboard.press('Home');
  await expect(plot).toContainText(/react\+off: [\d,]+ tokens per run, \d+(\.\d)?% correct/);
  await page.keyboard.press('ArrowRight');
  await expect(plot).toContainText(/react\+fixed: [\d,]+ tokens per run, 100% correct/);
  await page.keyboard.press('Escape');
  await expect(plot).not.toContainText('tokens per run,');

  const triggers = figure(page, /^Reflections by trigger/);
  const box = await triggers.locator('svg').boundingBox();
  if (!box) throw new Error('the trigger chart has no box');
  // The right half of the plot is react+fixed's band.
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  await expect(triggers).toContainText(
    /react\+fixed: \d+ reflections \(\d+ cadence, 0 stall, 0 duplicate\)/,
  );
  await page.mouse.move(0, 0);
  await expect(triggers).not.toContainText('reflections (');
});

test('a narrow window stacks the charts in one column', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await runSmallMatrix(page);
  const accuracy = await figure(page, /^Tokens vs accuracy/).boundingBox();
  const triggers = await figure(page, /^Reflections by trigger/).boundingBox();
  expect(accuracy && triggers).toBeTruthy();
  expect(triggers!.y).toBeGreaterThan(accuracy!.y + accuracy!.height - 1);
  expect(Math.round(triggers!.x)).toBe(Math.round(accuracy!.x));
});
