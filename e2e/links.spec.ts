import type { Page } from '@playwright/test';
import { expect, freshTest, pickMatrix, test } from './support';

/**
 * Links: the URL names what each view shows and follows every change; the view follows every
 * URL change (a pasted link, Back, Forward); a copied link reproduces the run on the built-in
 * model, its step selected.
 */

async function ready(page: Page) {
  await page.locator('html[data-mock-ready="1"]').waitFor();
}

const scenario = (page: Page) => page.getByLabel('Scenario', { exact: true });
const timeline = (page: Page) => page.getByRole('region', { name: 'Timeline' });
/** "Step 1 · 2 of 5 · reflection (stall)": the step the inspector shows, in words. */
const position = (page: Page) => timeline(page).getByRole('status');
const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });

test('another scenario is a new URL; a reload keeps it and its settings; Back and Forward move between scenarios', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await ready(page);
  await scenario(page).selectOption('shopops-happy');
  await expect(page).toHaveURL(/#\/inspect\?scenario=shopops-happy$/);
  await page.getByLabel('Reflection gating').selectOption('fixed');
  await expect(page).toHaveURL(/#\/inspect\?scenario=shopops-happy&settings=fixed$/);

  await page.reload();
  await ready(page);
  await expect(scenario(page)).toHaveValue('shopops-happy');
  await expect(page.getByLabel('Reflection gating')).toHaveValue('fixed');

  await page.goBack();
  await expect(page).toHaveURL(/#\/inspect\?scenario=rca-search-stall$/);
  await expect(scenario(page)).toHaveValue('rca-search-stall');
  await expect(page.getByLabel('Reflection gating')).toHaveValue('adaptive');

  await page.goForward();
  await expect(scenario(page)).toHaveValue('shopops-happy');
  await expect(page.getByLabel('Reflection gating')).toHaveValue('fixed');
});

test('a pasted URL moves the view: another hash, or location.hash set in the page', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await ready(page);
  await page.goto('/#/inspect?scenario=shopops-happy&settings=act&utm_source=mail');
  await expect(scenario(page)).toHaveValue('shopops-happy');
  await expect(page.getByLabel('Mode', { exact: true })).toHaveValue('act');
  // The unknown parameter is dropped: the URL names what the view shows.
  await expect(page).toHaveURL(/#\/inspect\?scenario=shopops-happy&settings=act$/);

  await page.evaluate(() => {
    window.location.hash = '#/inspect?scenario=rca-worker-oom&settings=reflact%2Boff%402';
  });
  await expect(scenario(page)).toHaveValue('rca-worker-oom');
  await expect(page.getByLabel('Mode', { exact: true })).toHaveValue('reflact');
  await expect(page.getByLabel('Reflection gating')).toHaveValue('off');
  await expect(page.getByLabel('Seed')).toHaveValue('2');
});

test('a compare preset rides in the URL and survives a reload', async ({ page }) => {
  await page.goto('/#/compare?scenario=rca-checkout-latency');
  await ready(page);
  const guards = page.getByRole('button', { name: 'Guards on vs off' });
  await guards.click();
  await expect(page).toHaveURL(/#\/compare\?scenario=rca-checkout-latency&preset=guards$/);
  await page.reload();
  await ready(page);
  await expect(guards).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('region', { name: 'Lane B: Guards off' })).toBeVisible();

  // Pasted into the page: another preset on another scenario.
  await page.evaluate(() => {
    window.location.hash = '#/compare?scenario=rca-search-stall&preset=reflection-gating';
  });
  await expect(scenario(page)).toHaveValue('rca-search-stall');
  await expect(
    page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }),
  ).toHaveAttribute('aria-pressed', 'true');
});

// A context of its own: the test grants it the clipboard and opens a second page in it.
freshTest(
  'a copied link opened in a fresh page runs the scenario and selects its step',
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/#/inspect?scenario=rca-search-stall');
    await ready(page);
    await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
    await page.getByLabel('Seed').fill('3');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(metrics(page)).toContainText('Stop reason: answer');
    const cells = timeline(page).getByRole('listbox', { name: 'Steps' }).getByRole('option');
    await cells.nth(1).click();
    await expect(position(page)).toContainText('Step 1 · 2 of');
    await expect(page).toHaveURL(/step=1$/);

    const copy = page.getByRole('button', { name: 'Copy link' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Link copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/#\/inspect\?scenario=rca-search-stall&settings=%403&step=1$/);
    const shown = await position(page).textContent();

    const fresh = await context.newPage();
    await fresh.goto(link);
    await ready(fresh);
    await expect(metrics(fresh)).toContainText('Stop reason: answer');
    await expect(position(fresh)).toHaveText(shown ?? '');
    await expect(fresh.getByLabel('Seed')).toHaveValue('3');
    await fresh.close();
  },
);

test('when the clipboard is refused, the link shows in a field to copy by hand', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('refused')) },
    });
  });
  await page.goto('/#/compare?scenario=rca-search-stall&preset=guards');
  await ready(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const field = page.getByLabel('The clipboard was refused; copy the link:');
  await expect(field).toHaveValue(/#\/compare\?scenario=rca-search-stall&preset=guards$/);
});

test('a link to a scenario that is not built in says it lives in the sender’s library', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=my-own-incident&step=2');
  await ready(page);
  await expect(page.getByRole('alert')).toHaveText(
    'This link names scenario “my-own-incident”, which is not built into Loopscope: it lives in the sender’s library. Ask them for the file (Export) and open it here.',
  );
  await expect(timeline(page)).toBeHidden();
  await expect(page).toHaveURL(/scenario=my-own-incident&step=2$/);
  await page.getByRole('link', { name: 'Open rca-search-stall instead' }).click();
  await expect(scenario(page)).toHaveValue('rca-search-stall');
});

test('a link whose settings or step cannot be read says so', async ({ page }) => {
  await page.goto('/#/inspect?scenario=shopops-happy&settings=fast&step=two');
  await ready(page);
  const alert = page.getByRole('alert').filter({ hasText: 'The link' });
  await expect(alert).toContainText('The link\'s settings ("fast") are not settings');
  await expect(alert).toContainText('The link\'s step ("two") is not a step number');
  await expect(scenario(page)).toHaveValue('shopops-happy');
});

test('an eval cell opens in the inspector with all of its settings, a saved interval too', async ({
  page,
}) => {
  const saved = encodeURIComponent('{"reflection":{"gating":"fixed","interval":2}}');
  await page.goto(`/#/inspect?scenario=rca-checkout-latency&settings=${saved}`);
  await ready(page);
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings.getByLabel('Interval', { exact: true })).toHaveValue('2');
  await settings.getByRole('button', { name: 'Save…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save settings' });
  await dialog.getByLabel('Name').fill('cadence 2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Eval' }).click();
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await pickMatrix(setup, 'RCA: checkout latency after a deploy (clear-cut)', ['react+fixed']);
  await setup
    .getByRole('group', { name: 'Saved settings' })
    .getByRole('checkbox', { name: 'cadence 2' })
    .check();
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status').first()).toContainText('Done: 2 runs');

  await page
    .getByRole('button', {
      name: 'Open rca-checkout-latency · cadence 2 (seed 1) in the inspector',
    })
    .click();
  // The cell's recorded run (kept in the library), with all of its settings in the link too.
  await expect(page).toHaveURL(
    /#\/inspect\?scenario=rca-checkout-latency&run=eval-[\w-]+&settings=%7B/,
  );
  await expect(scenario(page)).toHaveValue('rca-checkout-latency');
  await expect(settings.getByLabel('Reflection gating')).toHaveValue('fixed');
  await expect(settings.getByLabel('Interval', { exact: true })).toHaveValue('2');
  await expect(settings.getByLabel('Seed')).toHaveValue('1');

  await page.goBack();
  await page
    .getByRole('button', {
      name: 'Open rca-checkout-latency · react+fixed (seed 1) in the inspector',
    })
    .click();
  await expect(page).toHaveURL(
    /#\/inspect\?scenario=rca-checkout-latency&run=eval-[\w-]+&settings=react%2Bfixed%401$/,
  );
  await expect(settings.getByLabel('Interval', { exact: true })).toHaveValue('3');
});
