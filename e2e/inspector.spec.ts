import type { Page } from '@playwright/test';
import { addEndpoint } from './local-endpoint';
import { expect, test } from './support';

/** Chromium logs a refused connection: the closed-port endpoint below is meant to fail. */
test.use({ consoleAllowed: { allow: [/net::ERR_/] } });

/** The inspector as a whole: its layout, the top bar, the endpoints dialog and the themes. */

async function open(page: Page) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
}

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

test('shows every pane of the inspector around one run', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Loopscope' })).toBeVisible();
  for (const name of ['Settings', 'Phase graph', 'Decision record', 'Timeline', 'Metrics']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  for (const name of ['Run', 'Step', 'Pause', 'Stop', 'Reset']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  for (const label of ['Scenario', 'Mode', 'Model', 'Speed']) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(metrics(page)).toContainText('LLM calls: –');
});

test('runs a built-in scenario and watches it finish', async ({ page }) => {
  await open(page);
  await page.getByLabel('Scenario', { exact: true }).selectOption('shopops-happy');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(metrics(page)).toContainText(/LLM calls: [1-9]/);
  await expect(metrics(page)).toContainText(/Tokens: [\d,]+ in \/ [\d,]+ out/);
  await expect(metrics(page)).toContainText(/Time: [\d.]+ s/);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();

  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: –');
});

test('changing the reflection gating changes the Reflections chip', async ({ page }) => {
  await open(page);
  await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const gating = page.getByLabel('Reflection gating');

  await gating.selectOption('off');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Reflections: 0');
  await expect(metrics(page)).toContainText('Stop reason: stalled');
  await expect(page.getByRole('alert')).toContainText('The run stalled');

  await gating.selectOption('adaptive');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Reflections: 1 (stall)');
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Step runs one call at a time; Pause becomes Resume and back', async ({ page }) => {
  await open(page);
  await page.getByLabel('Scenario', { exact: true }).selectOption('rca-search-stall');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');

  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Resume', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Paused' })).toBeVisible();
  await expect(metrics(page)).toContainText('LLM calls: 1');

  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(metrics(page)).toContainText('LLM calls: 2');

  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  await expect(metrics(page)).toContainText(/Stop reason: (answer|stalled)/);
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeDisabled();
});

test('the settings pane collapses and expands, and pane sizes survive a reload', async ({
  page,
}) => {
  await open(page);
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toBeVisible();

  await page.getByRole('button', { name: 'Collapse settings' }).click();
  await expect(settings).toBeHidden();
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(page.getByRole('region', { name: 'Settings' })).toBeHidden();

  await page.getByRole('button', { name: 'Expand settings' }).click();
  await expect(page.getByRole('region', { name: 'Settings' })).toBeVisible();

  // Keyboard resize: the separator takes arrow keys; the new size persists.
  const separator = page.getByRole('separator', { name: 'Resize timeline' });
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const before = (await timeline.boundingBox())?.height ?? 0;
  await separator.focus();
  for (let press = 0; press < 5; press++) await page.keyboard.press('ArrowUp');
  await expect
    .poll(async () => (await timeline.boundingBox())?.height ?? 0)
    .toBeGreaterThan(before);
  const resized = (await timeline.boundingBox())?.height ?? 0;
  await page.waitForTimeout(200); // the library saves a layout after a short debounce
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect
    .poll(async () =>
      Math.round((await page.getByRole('region', { name: 'Timeline' }).boundingBox())?.height ?? 0),
    )
    .toBe(Math.round(resized));
});

test.describe('the endpoints dialog', () => {
  test('opens as a modal that traps focus, closes on Escape and returns focus', async ({
    page,
  }) => {
    await open(page);
    const opener = page.getByRole('button', { name: 'Manage endpoints…' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Endpoints' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('No endpoints yet');

    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('adds, edits, tests and removes an endpoint; the key never shows', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Manage endpoints…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Endpoints' });
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    // Validation names the field and marks it.
    await dialog.getByLabel('Name').fill('Local llama');
    await dialog.getByLabel('Base URL').fill('not a url');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(dialog.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Base URL')).toBeFocused();
    await expect(dialog).toContainText('Base URL: enter an http:// or https:// URL');

    await dialog.getByLabel('Base URL').fill('http://127.0.0.1:59997/v1');
    await dialog.getByLabel('Model', { exact: true }).fill('qwen2.5:7b');
    await dialog.getByLabel('API key').fill('sk-test-secret');
    await expect(dialog.getByLabel('API key')).toHaveAttribute('type', 'password');
    await expect(dialog).toContainText('never into traces, exports, logs or URLs');
    await dialog.getByLabel('Protocol').selectOption('tools');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const list = dialog.getByRole('list', { name: 'Your endpoints' });
    await expect(list).toContainText('Local llama');
    await expect(list).toContainText('qwen2.5:7b · 127.0.0.1:59997 · tools protocol · key set');
    await expect(dialog).not.toContainText('sk-test-secret');

    // The page connects only to the origins it knew when it loaded: Test connection says so.
    const reload = dialog.getByRole('status', { name: 'Reload needed' });
    await expect(reload).toContainText('Reload to connect to http://127.0.0.1:59997.');
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const result = list.getByRole('status');
    await expect(result).toContainText('Failed. Loopscope connects only to the endpoints');
    const loaded = page.waitForEvent('load');
    await reload.getByRole('button', { name: 'Reload' }).click();
    await loaded;
    await page.getByRole('button', { name: 'Manage endpoints…' }).click();
    await expect(list).toContainText('qwen2.5:7b · 127.0.0.1:59997 · tools protocol');
    await expect(reload).toBeHidden();

    // Nothing listens on port 59997: the test fails with no response and shows the CORS help.
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await expect(result).toContainText('Failed. Got no response at all');
    await expect(dialog).toContainText('OLLAMA_ORIGINS');
    await expect(dialog).toContainText('--cors-origins');

    await dialog.getByRole('button', { name: 'Edit' }).click();
    await expect(dialog.getByLabel('Name')).toHaveValue('Local llama');
    await expect(dialog.getByLabel('API key')).toHaveValue('');
    await dialog.getByLabel('Name').fill('Renamed llama');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(list).toContainText('Renamed llama');

    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toContainText('No endpoints yet');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('builtin');
  });

  test('a run on an unreachable endpoint ends in a banner that says what to do', async ({
    page,
  }) => {
    await open(page);
    await addEndpoint(page, {
      name: 'Closed port',
      baseUrl: 'http://127.0.0.1:59997/v1',
      model: 'any-model',
    });

    await expect(page.getByLabel('Model', { exact: true })).toHaveValue(/endpoint-/);
    await expect(page.getByText('Runs call any-model at 127.0.0.1:59997')).toBeVisible();
    await expect(page.getByLabel('Speed', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    const banner = page.getByRole('alert');
    await expect(banner).toContainText('network');
    await expect(banner).toContainText('Got no response at all');
    await expect(banner).toContainText('OLLAMA_ORIGINS');
    await expect(metrics(page)).toContainText('Stop reason: error');
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  });
});

test('dark mode applies from the Theme switch and persists', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await open(page);
  const html = page.locator('html');
  // Through a locator: it waits for the header, which renders after the mock model is ready.
  const header = page.getByRole('banner');
  const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
  const light = await background();

  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect.poll(background).not.toBe(light);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
    'dark',
  );

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(theme.getByRole('radio', { name: 'Dark' })).toBeChecked();

  await theme.getByRole('radio', { name: 'Light' }).check();
  await expect(html).toHaveClass(/\blight\b/);
  await expect.poll(background).toBe(light);

  // System follows the OS: a dark OS preference turns the page dark with no class set.
  await theme.getByRole('radio', { name: 'System' }).check();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).not.toHaveClass(/\b(dark|light)\b/);
  await expect.poll(background).not.toBe(light);
});

test('the view switch goes to Eval and back; an eval cell opens in the inspector', async ({
  page,
}) => {
  await open(page);
  const views = page.getByRole('navigation', { name: 'View' });
  await views.getByRole('link', { name: 'Eval', exact: true }).click();
  await expect(page).toHaveURL(/#\/eval/);
  const run = page.getByRole('button', { name: 'Run matrix' });
  await expect(run).toBeVisible();
  await run.click();
  const cell = page.getByRole('button', { name: /^Open / }).first();
  await expect(cell).toBeVisible();
  await cell.click();
  await expect(page).toHaveURL(/#\/inspect\?scenario=/);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
});
