import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { watchPolicy } from './policy-watch';
import { expect, seriousViolations, test } from './support';

/**
 * The scenario editor (#/scenarios): a built-in duplicated, an error typed in (its message at its
 * line, in the editor and below it), fixed, saved, run in the inspector to a stop reason, and
 * still there after a reload (kept in IndexedDB). CodeMirror is fetched only when a draft opens,
 * and runs under the page's CSP without a violation.
 */

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });
const editor = (page: Page) => page.getByRole('textbox', { name: 'Scenario JSON' });
const problems = (page: Page) => page.getByRole('region', { name: 'Problems' });
const ownOption = (page: Page, id: string) =>
  page.locator(`optgroup[label="Your scenarios"] > option[value="${id}"]`);

/**
 * The 1-based line of the editor's first line holding `fragment` (the top lines are drawn), once
 * the editor has drawn it: after a save or a view change it draws its document again.
 */
async function lineOf(page: Page, fragment: string): Promise<number> {
  const index = async () =>
    (await page.locator('.cm-line').allTextContents()).findIndex((line) => line.includes(fragment));
  await expect
    .poll(index, { message: `a line of the editor holds ${fragment}` })
    .toBeGreaterThanOrEqual(0);
  return (await index()) + 1;
}

/** Puts the cursor at the end of line `line` of the editor (by keyboard, as a person would). */
async function endOfLine(page: Page, line: number) {
  await editor(page).click();
  await page.keyboard.press('Control+Home');
  for (let moved = 1; moved < line; moved++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('End');
}

test('duplicate a built-in, type an error, fix it, save, run; a reload keeps it', async ({
  page,
}) => {
  const violations = await watchPolicy(page);
  const editorChunks: string[] = [];
  page.on('request', (request) => {
    if (/JsonEditor-[\w-]+\.js$/.test(request.url())) editorChunks.push(request.url());
  });
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');

  await page.getByRole('link', { name: 'Your scenarios…' }).click();
  await expect(page).toHaveURL(/#\/scenarios\?scenario=shopops-happy$/);
  await expect(page.getByLabel('Built-in scenario')).toHaveValue('shopops-happy');
  expect(editorChunks).toEqual([]);

  await page.getByRole('button', { name: 'Duplicate a built-in' }).click();
  await expect(editor(page)).toContainText('"id": "shopops-happy-copy"');
  await expect(editor(page)).toContainText('"title": "ShopOps O-1001: happy path (copy)"');
  await expect(page.getByRole('heading', { name: 'A new scenario' })).toBeVisible();
  await expect(problems(page)).toContainText('No problems');
  expect(editorChunks).toHaveLength(1);

  // A wrong value: the message names its line and path, below the editor and as a diagnostic.
  const version = await lineOf(page, '"version": 1');
  await endOfLine(page, version);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('7,');
  await expect(problems(page)).toContainText(
    `line ${version}: $.version: unsupported scenario version 7; this build reads version 1 only`,
  );
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(1);
  await expect(page.locator('.cm-lintRange-error')).toHaveText('"version": 7,');
  // A listed problem puts the cursor at it: typing there changes that line.
  await page.locator('.cm-content').evaluate((element) => (element as HTMLElement).blur());
  await problems(page)
    .getByRole('button', { name: `line ${version}: $.version` })
    .click();
  await expect(editor(page)).toBeFocused();
  await page.keyboard.type('x');
  await expect(page.locator('.cm-line').nth(version - 1)).toHaveText('  x"version": 7,');
  await page.keyboard.press('Backspace');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('Not saved: fix the problems');

  // A syntax error too: a missing comma is found at the line after it.
  await endOfLine(page, version);
  await page.keyboard.press('Backspace');
  await expect(problems(page)).toContainText(`line ${version + 1}: $: invalid JSON`);

  // Fixed: no problems, no diagnostic.
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1,');
  await expect(problems(page)).toContainText('No problems');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);

  // Tab leaves the editor (it does not indent): the keyboard is never trapped.
  await editor(page).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(editor(page)).not.toBeFocused();
  await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText(
    'Saved "ShopOps O-1001: happy path (copy)" (shopops-happy-copy)',
  );
  const list = page.getByRole('complementary', { name: 'Scenarios' });
  await expect(list.getByRole('button', { name: 'shopops-happy-copy' })).toBeVisible();

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/#\/inspect\?scenario=shopops-happy-copy/);
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('shopops-happy-copy');
  await expect(ownOption(page, 'shopops-happy-copy')).toHaveCount(1);
  await expect(ownOption(page, 'shopops-happy')).toHaveCount(0);

  // Kept in IndexedDB: after a reload it is still listed, in the picker and in the editor.
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('shopops-happy-copy');
  await expect(ownOption(page, 'shopops-happy-copy')).toHaveCount(1);
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Scenarios' })
    .click();
  await expect(page).toHaveURL(/#\/scenarios\?scenario=shopops-happy-copy$/);
  await expect(page.getByRole('heading', { name: 'shopops-happy-copy' })).toBeVisible();
  await expect(editor(page)).toContainText('"id": "shopops-happy-copy"');
  await expect(page.getByText('saved', { exact: true })).toBeVisible();

  expect(await violations()).toEqual([]);
});

test('a kept scenario is deleted after asking, and leaves the picker', async ({ page }) => {
  await page.goto('/#/scenarios');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Built-in scenario').selectOption('rca-search-stall');
  await page.getByRole('button', { name: 'Duplicate a built-in' }).click();
  await expect(problems(page)).toContainText('No problems');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'rca-search-stall-copy' })).toBeVisible();

  // An unsaved edit survives leaving the view and coming back.
  const title = await lineOf(page, '"title"');
  await endOfLine(page, title);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' edited');
  await expect(page.getByText('unsaved changes')).toBeVisible();
  const views = page.getByRole('navigation', { name: 'View' });
  await views.getByRole('link', { name: 'Inspect' }).click();
  await expect(page.getByLabel('Scenario', { exact: true })).toBeVisible();
  await views.getByRole('link', { name: 'Scenarios' }).click();
  await expect(editor(page)).toContainText('(copy) edited",');
  await expect(page.getByText('unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('heading', { name: 'rca-search-stall-copy' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByRole('status')).toContainText(
    'Deleted your scenario rca-search-stall-copy',
  );
  await expect(
    page.getByRole('complementary', { name: 'Scenarios' }).getByText('None yet.'),
  ).toBeVisible();

  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Inspect' })
    .click();
  await expect(page.getByLabel('Scenario', { exact: true })).toBeVisible();
  await expect(ownOption(page, 'rca-search-stall-copy')).toHaveCount(0);
});

test('the editor is legible in light and dark, and has no serious accessibility problem', async ({
  page,
}) => {
  await page.goto('/#/scenarios');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByRole('button', { name: 'Duplicate a built-in' }).click();
  await expect(editor(page)).toContainText('"format"');
  const colours = () =>
    page.locator('.cm-editor').evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, text: style.color };
    });
  const theme = page.getByRole('radiogroup', { name: 'Theme' });
  await theme.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(colours).toEqual({ background: 'rgb(255, 255, 255)', text: 'rgb(15, 23, 42)' });
  await theme.getByRole('radio', { name: 'Dark' }).check();
  await expect.poll(colours).toEqual({ background: 'rgb(2, 6, 23)', text: 'rgb(226, 232, 240)' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('a scenario file opened is editable: an error at its line, fixed, saved and run', async ({
  page,
}) => {
  const builtin = JSON.parse(readFileSync('src/scenarios/shopops-happy.json', 'utf8')) as object;
  const file = JSON.stringify({ ...builtin, id: 'my-shop', title: 'My shop' }, null, 2);
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'my-shop.json',
    mimeType: 'application/json',
    buffer: Buffer.from(file),
  });
  await expect(page.getByTestId('open-notice')).toContainText('Added your scenario "My shop"');
  await page.getByRole('link', { name: 'Your scenarios…' }).click();
  await expect(page).toHaveURL(/#\/scenarios\?scenario=my-shop$/);
  await expect(editor(page)).toContainText('"id": "my-shop"');

  const version = await lineOf(page, '"version": 1');
  await endOfLine(page, version);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('7,');
  await expect(problems(page)).toContainText(`line ${version}: $.version`);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1,');
  await expect(problems(page)).toContainText('No problems');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved "My shop" (my-shop)');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page).toHaveURL(/#\/inspect\?scenario=my-shop/);
  await expect(metrics(page)).toContainText('Stop reason: answer');
});
