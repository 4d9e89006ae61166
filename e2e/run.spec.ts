import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** How a run ends, as the top bar and its banner tell it. */
test.describe('the run', () => {
  async function open(page: Page) {
    await page.goto('/');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  }

  const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

  test('waits for Run before the first one', async ({ page }) => {
    await open(page);
    await expect(metrics(page)).toContainText('Stop reason: –');
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset', exact: true })).toBeDisabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a stalling run without reflection says so and what to try', async ({ page }) => {
    await open(page);
    await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
    await page.getByLabel('Reflection gating').selectOption('off');
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    await expect(metrics(page)).toContainText('Stop reason: stalled');
    await expect(metrics(page)).toContainText('Reflections: 0');
    const banner = page.getByRole('alert');
    await expect(banner).toContainText('The run stalled');
    await expect(banner).toContainText('set Reflection gating to Adaptive');
  });

  test('a repeated tool call escalates with a banner that names the guard', async ({ page }) => {
    await open(page);
    await page.getByLabel('Scenario', { exact: true }).selectOption('shopops-hostile-loop');
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    const banner = page.getByRole('alert');
    await expect(banner).toContainText('Escalated');
    // The guard by its name, not its identifier.
    await expect(banner).toContainText('Escalated to a person by the duplicate guard');
    await expect(banner).not.toContainText('duplicate_tool_call');
    await expect(metrics(page)).toContainText('Stop reason: escalated');
    await expect(metrics(page)).toContainText(/Duplicate hits: [1-9]/);
  });

  test('Reset clears the run and keeps the choices', async ({ page }) => {
    await open(page);
    await page.getByLabel('Scenario', { exact: true }).selectOption('shopops-happy');
    await page.getByLabel('Mode', { exact: true }).selectOption('ReflAct');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(metrics(page)).toContainText('Stop reason: answer');

    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(metrics(page)).toContainText('LLM calls: –');
    await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('shopops-happy');
    await expect(page.getByLabel('Mode', { exact: true })).toHaveValue('reflact');
  });
});
