import type { Page } from '@playwright/test';
import { expect, streamingRun, test } from './support';

/** Opens the app with the built-in model, runs a scenario and waits for its last step. */
async function runScenario(page: Page, scenario: string, lastStep: string) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Scenario', { exact: true }).selectOption(scenario);
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record.getByRole('heading', { name: lastStep, exact: true })).toBeVisible();
  return record;
}

test.describe('the decision record', () => {
  test('asks for a run before there is a step to show', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Decision record' })).toContainText(
      'No step to show yet',
    );
  });

  test('shows the answer; its evidence links lead to the action they cite', async ({ page }) => {
    const record = await runScenario(page, 'rca-search-stall', 'Step 4');
    await expect(record).toContainText('Final answer');
    await expect(record).toContainText('Shard es-3 became slow');
    await expect(record).toContainText('a scratchpad, not evidence');
    await expect(record).toContainText('prose is not a calibrated score');

    await record.getByRole('button', { name: 'Go to #2 search_logs' }).click();

    await expect(record.getByRole('heading', { name: 'Step 2', exact: true })).toBeVisible();
    const args = record.getByRole('table', { name: 'Arguments of search_logs' });
    await expect(args.getByRole('row', { name: 'service search-gateway' })).toBeVisible();
    const observation = record.getByRole('region', { name: 'Observation', exact: true });
    await expect(observation).toContainText('log-77');
    await expect(observation).toContainText('new evidence');
    await expect(record).toContainText('Thought');

    await record.getByRole('button', { name: 'Follow newest' }).click();
    await expect(record.getByRole('heading', { name: 'Step 4', exact: true })).toBeVisible();
  });

  test('the Context tab shows the exact messages with the new part marked', async ({ page }) => {
    const record = await runScenario(page, 'rca-search-stall', 'Step 4');
    await record.getByRole('button', { name: 'Go to #2 search_logs' }).click();

    const decision = record.getByRole('tab', { name: 'Decision' });
    const context = record.getByRole('tab', { name: 'Context' });
    await decision.focus();
    await page.keyboard.press('ArrowRight');
    await expect(context).toHaveAttribute('aria-selected', 'true');
    await expect(context).toBeFocused();

    const panel = record.getByRole('tabpanel', { name: 'Context' });
    await expect(panel).toContainText('7 messages sent for step 2');
    await expect(panel).toContainText('2 new since the call of step 1');
    const messages = panel.getByRole('list', { name: 'Messages sent' }).getByRole('listitem');
    await expect(messages).toHaveCount(7);
    await expect(messages.filter({ hasText: /^assistant#5new/ })).toHaveCount(1);
    await expect(messages.filter({ hasText: /^user#6new/ })).toContainText('Continue gathering');
    await expect(messages.filter({ hasText: /^user#1/ })).not.toContainText('new');
    await expect(panel).toContainText('Reply');
  });

  test('another step opens at the top of the record, however far the last was scrolled', async ({
    page,
  }) => {
    const record = await runScenario(page, 'rca-search-stall', 'Step 4');
    await record.getByRole('tab', { name: 'Context' }).click();
    const panel = record.getByRole('tabpanel', { name: 'Context' });
    // The pane that scrolls the record (the record is its one child).
    const pane = record.locator('xpath=..');
    const scrolled = () => pane.evaluate((element) => element.scrollTop);
    const previous = page
      .getByRole('region', { name: 'Timeline' })
      .getByRole('button', { name: 'Previous step' });
    // Twice: the second time the pane was last brought to its top by the record itself.
    for (const step of [3, 2]) {
      // The step's messages drawn first (the panels load after the first paint), and the wheel
      // turned again until the pane has moved.
      await expect(panel).toContainText(`sent for step ${step + 1}`);
      await panel.hover();
      await expect
        .poll(async () => {
          await page.mouse.wheel(0, 3000);
          return scrolled();
        })
        .toBeGreaterThan(0);
      await previous.click();
      await expect(panel).toContainText(`sent for step ${step}`);
      await expect.poll(scrolled).toBe(0);
    }
  });

  test('a fabricated agreement is denied by the fabrication guard, with its detail', async ({
    page,
  }) => {
    const record = await runScenario(page, 'shopops-fabricated-agreement', 'Step 2');
    const policy = record.getByRole('region', { name: 'Policy', exact: true });
    await expect(policy).toContainText('Denied by Fabrication guard fabrication');
    await expect(policy).toContainText('needs agreed_resolution = true');
    await expect(record).toContainText('escalation');
  });

  test('a streaming call shows its text in the record while it runs', async ({ page }) => {
    const streaming = await streamingRun(page);
    await expect(streaming).toContainText('Model call for step');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(streaming).toBeHidden();
  });
});
