import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * Each guard, tripped by the scenario made for it: the phase graph shows a red guard edge with
 * the reason, and the page says what happened.
 */

const graph = (page: Page) => page.getByRole('region', { name: 'Phase graph' });
const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });
const record = (page: Page) => page.getByRole('region', { name: 'Decision record' });

async function open(page: Page, scenario: string) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByLabel('Scenario', { exact: true }).selectOption(scenario);
}

async function runUntil(page: Page, stopReason: string) {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText(`Stop reason: ${stopReason}`);
}

async function expectGuardEdge(page: Page, transition: string, reason: string) {
  const edge = graph(page).getByTestId(`rf__edge-${transition}`);
  await expect(edge).toHaveAttribute('data-kind', 'guard');
  await expect(edge).toHaveAttribute('data-taken', '1');
  await expect(graph(page).locator(`[data-edge-label="${transition}"]`)).toContainText(reason);
}

test('a repeated tool call: the duplicate guard escalates', async ({ page }) => {
  await open(page, 'shopops-hostile-loop');
  await runUntil(page, 'escalate');
  await expectGuardEdge(page, 'duplicate-escalate', 'duplicate call: get_order');
  await expect(record(page)).toContainText('duplicate_tool_call');
});

test('a claim no tool returned: the fabrication guard withholds the answer', async ({ page }) => {
  await open(page, 'shopops-fabricated-agreement');
  await runUntil(page, 'escalate');
  await expectGuardEdge(page, 'fabrication', 'fabrication: no agreed_resolution');
  await expect(record(page)).toContainText('fabrication');
  await expect(record(page)).toContainText('agreed_resolution');
});

test('prose instead of an action: the unparseable guard escalates', async ({ page }) => {
  await open(page, 'shopops-prose-reply');
  await runUntil(page, 'escalate');
  await expectGuardEdge(page, 'unparseable', 'unparseable');
  await expect(record(page)).toContainText('unparseable');
});

test('empty calls in a row with reflection off: the stall exit stops the run', async ({ page }) => {
  await open(page, 'rca-search-stall');
  await page.getByLabel('Reflection gating', { exact: true }).selectOption('off');
  await runUntil(page, 'stalled');
  await expectGuardEdge(page, 'stall-exit', 'stall exit: 3 empty calls');
  await expect(page.getByText('The run stalled.')).toBeVisible();
});

test('a step budget too small for the task: the run stops out of steps', async ({ page }) => {
  await open(page, 'rca-checkout-latency');
  const maxSteps = page.getByLabel('Max steps', { exact: true });
  await maxSteps.fill('2');
  await maxSteps.press('Tab');
  await runUntil(page, 'step budget');
  await expectGuardEdge(page, 'budget-exhausted', 'step budget used up');
  await expect(graph(page).getByTestId('rf__node-out-of-steps')).toHaveAttribute(
    'data-current',
    'true',
  );
});
