import { expect, test } from '@playwright/test';

test.describe('the run view', () => {
  let errors: string[] = [];

  test.beforeEach(({ page }) => {
    errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  });

  test.afterEach(() => {
    expect(errors).toEqual([]);
  });

  test('asks for a run before the first one', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Steps' })).toContainText('Press Run');
  });

  test('reflection gating changes how a stalling run ends', async ({ page }) => {
    await page.goto('/');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    const metrics = page.getByRole('region', { name: 'Metrics' });
    const steps = page.getByRole('region', { name: 'Steps' });

    await page.getByLabel('Scenario').selectOption('rca-search-stall');
    await page.getByLabel('Speed').selectOption('Instant');
    await page.getByLabel('Reflection gating').selectOption('off');
    await page.getByRole('button', { name: 'Run' }).click();

    await expect(metrics).toContainText('Stop reason: stalled');
    await expect(metrics).toContainText('Reflections: 0');
    await expect(page.getByRole('alert')).toContainText('The run stalled');
    await expect(steps.getByRole('listitem')).toHaveCount(3);

    await page.getByLabel('Reflection gating').selectOption('adaptive');
    await page.getByRole('button', { name: 'Run' }).click();

    await expect(metrics).toContainText('Stop reason: answer');
    await expect(metrics).toContainText('Reflections: 1');
    await expect(steps.getByText('reflection', { exact: true })).toHaveCount(1);
  });

  test('a repeated tool call escalates with a banner that names the guard', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Scenario').selectOption('shopops-hostile-loop');
    await page.getByRole('button', { name: 'Run' }).click();

    const banner = page.getByRole('alert');
    await expect(banner).toContainText('Escalated');
    await expect(banner).toContainText('duplicate_tool_call');
    await expect(page.getByRole('region', { name: 'Metrics' })).toContainText(
      'Stop reason: escalate',
    );
    await expect(page.getByRole('region', { name: 'Steps' })).toContainText(
      'Denied by guard: duplicate_tool_call',
    );
  });

  test('a step row expands to the raw model reply and its observation', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Scenario').selectOption('shopops-happy');
    await page.getByRole('button', { name: 'Run' }).click();

    const first = page.getByRole('region', { name: 'Steps' }).getByRole('button').first();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Action: tool:get_order case_id=O-1001')).toBeVisible();
    await expect(page.getByText('"order_total_cents"')).toBeVisible();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('region', { name: 'Steps' })).toContainText('Press Run');
  });
});
