import { expect, test } from './support';

test.describe('the settings panel', () => {
  test('turning reflection gating off re-runs the scenario by itself; reset brings it back', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    const settings = page.getByRole('region', { name: 'Settings' });
    const metrics = page.getByRole('region', { name: 'Metrics' });
    const gating = settings.getByLabel('Reflection gating');
    await expect(settings).toContainText('Changes re-run the scenario');
    await expect(gating).toHaveValue('adaptive');

    await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
    await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(metrics).toContainText('Reflections: 1');
    await expect(metrics).toContainText('Stop reason: answer');

    await gating.selectOption('off');

    await expect(metrics).toContainText('Reflections: 0');
    await expect(metrics).toContainText('Stop reason: stalled');
    await expect(settings).toContainText('1 changed');

    await settings.getByRole('button', { name: 'Reset to defaults' }).click();

    await expect(gating).toHaveValue('adaptive');
    await expect(metrics).toContainText('Reflections: 1');
    await expect(metrics).toContainText('Stop reason: answer');
  });

  test('a number outside the contract names the problem and is not applied', async ({ page }) => {
    await page.goto('/');
    const settings = page.getByRole('region', { name: 'Settings' });
    const maxSteps = settings.getByLabel('Max steps');

    await maxSteps.fill('0');
    await expect(settings).toContainText('Max steps must be at least 1.');
    await expect(maxSteps).toHaveAttribute('aria-invalid', 'true');
    await expect(settings.getByRole('button', { name: 'Reset to defaults' })).toBeDisabled();

    await maxSteps.fill('4');
    await expect(settings).not.toContainText('Max steps must be');
    await expect(maxSteps).toHaveAttribute('aria-invalid', 'false');
    await expect(settings).toContainText('1 changed');

    const threshold = settings.getByLabel('Reward threshold');
    await threshold.fill('1.5');
    await expect(settings).toContainText('Reward threshold must be a number from 0 to 1.');
  });

  test('every knob is there, with its explanation, and switches work by keyboard', async ({
    page,
  }) => {
    await page.goto('/');
    const settings = page.getByRole('region', { name: 'Settings' });
    for (const label of [
      'Max steps',
      'Stall exit',
      'Seed',
      'Interval',
      'Max reflections',
      'Stall threshold',
      'Duplicate guard',
      'Unparseable reply',
      'Attempts',
      'Reward source',
      'Reward threshold',
      'History',
      'Reflections injected',
    ]) {
      await expect(settings.getByLabel(label, { exact: true })).toBeVisible();
    }
    const loopStyle = settings.getByRole('radiogroup', { name: 'Loop style' });
    await loopStyle.getByRole('radio', { name: 'ReAct', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(loopStyle.getByRole('radio', { name: 'ReflAct' })).toBeChecked();
    await expect(loopStyle.getByRole('radio', { name: 'ReflAct' })).toBeFocused();
    await expect(page.getByLabel('Mode', { exact: true })).toHaveValue('reflact');

    const fabrication = settings.getByRole('switch', { name: 'Fabrication guard' });
    await expect(fabrication).toHaveAttribute('aria-checked', 'true');
    await fabrication.focus();
    await page.keyboard.press('Space');
    await expect(fabrication).toHaveAttribute('aria-checked', 'false');
    await expect(
      settings.getByRole('switch', { name: 'High-confidence early answer' }),
    ).toHaveAttribute('aria-checked', 'false');
  });

  test('with a real endpoint, changes wait for Run and the panel says why', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem(
        'loopscope.endpoints.v1',
        JSON.stringify({
          version: 1,
          endpoints: [
            {
              id: 'endpoint-1',
              kind: 'user',
              name: 'Local llama',
              baseUrl: 'http://127.0.0.1:9/v1',
              model: 'llama',
              protocol: 'text',
              includeUsage: true,
              rememberKey: false,
            },
          ],
        }),
      );
    });
    await page.goto('/');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const metrics = page.getByRole('region', { name: 'Metrics' });
    await expect(metrics).toContainText('Stop reason: answer');

    await page.getByLabel('Model', { exact: true }).selectOption({ label: 'Local llama' });
    const settings = page.getByRole('region', { name: 'Settings' });
    await expect(settings).toContainText('Real calls cost money: press Run to apply.');
    await settings.getByLabel('Reflection gating').selectOption('off');
    await expect(settings).toContainText('1 changed');

    // Longer than the live re-run's debounce: a re-run would now call the (unreachable) endpoint.
    await page.waitForTimeout(1000);
    await expect(metrics).toContainText('Stop reason: answer');
    await expect(metrics).toContainText('Reflections: 1');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
