import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from './support';

/** The reflection memory: kept across a reload, listed in the Memory view, read across runs. */

async function open(page: Page) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
}

/** Runs a scenario with the settings as they stand and waits until it has answered. */
async function run(page: Page, scenario: string, answer: string) {
  await page.getByLabel('Scenario', { exact: true }).selectOption(scenario);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  await expect(page.getByRole('region', { name: 'Decision record' })).toContainText(answer);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
}

const settings = (page: Page) => page.getByRole('region', { name: 'Settings' });
const memoryLink = (page: Page) =>
  page.getByRole('navigation', { name: 'View' }).getByRole('link', { name: 'Memory' });

test('a reflection an attempt left survives a reload, listed in the Memory view', async ({
  page,
}) => {
  await open(page);
  await settings(page).getByLabel('Attempts', { exact: true }).fill('2');
  await run(page, 'triage-priority-retry', 'P1: the whole sales team');

  await memoryLink(page).click();
  const table = page.getByRole('table', { name: 'Kept reflections' });
  const row = table.getByRole('row').filter({ hasText: 'triage-priority-retry' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('The attempt failed: its answer did not hold.');

  await page.reload();
  await expect(page).toHaveURL(/#\/memory$/);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toContainText('0 · verifier');
  await expect(row.getByRole('cell').nth(2)).toContainText('failure');
  await expect(page.getByText('1 reflection kept')).toBeVisible();

  await page.getByLabel('Search reflections').fill('no such words');
  await expect(row).toHaveCount(0);
  await page.getByLabel('Search reflections').fill('T-4471');
  await expect(row).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Clear memory…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Clear the memory' });
  await expect(confirm).toContainText('Delete all 1 kept reflections?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear memory…' }).click();
  await confirm.getByRole('button', { name: 'Delete all' }).click();
  await expect(page.getByText('0 reflections kept')).toBeVisible();
  await page.reload();
  await expect(page.getByText('0 reflections kept')).toBeVisible();
});

test('an import keeps the good lines and reports each bad one', async ({ page }) => {
  await page.goto('/#/memory');
  const good = JSON.stringify({
    evaluator_type: 'reflection',
    source: 'ReflectionAugmentor',
    content: 'Use pip instead of apt-get.',
    trajectory_key: 'q/0',
    query_id: 'terminal-bench-7',
    timestamp: '2026-12-01T10:00:00Z',
    metadata: { reward: 0, n_steps: 11 },
  });
  await page.getByLabel('Import reflections from a JSONL file').setInputFiles({
    name: 'memory.jsonl',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(`${good}\n{broken\n${JSON.stringify({ evaluator_type: 'fact' })}\n`),
  });
  const report = page.getByRole('status').filter({ hasText: 'Imported' });
  await expect(report).toContainText('Imported 1 reflection. 2 lines were skipped:');
  await expect(report).toContainText('line 2: not JSON');
  await expect(report).toContainText('line 3: evaluator_type is "fact", not "reflection"');
  const row = page.getByRole('table', { name: 'Kept reflections' }).getByRole('row');
  await expect(row.filter({ hasText: 'terminal-bench-7' })).toContainText('Use pip instead');
  // LiTS's record does not say what gave the reward: the reward alone.
  await expect(row.filter({ hasText: 'terminal-bench-7' }).getByRole('cell').nth(2)).toHaveText(
    '0',
  );
});

test('a cross_task reflection from one scenario reaches the run of another', async ({ page }) => {
  await open(page);
  await settings(page).getByLabel('Attempts', { exact: true }).fill('2');
  await settings(page).getByLabel('History', { exact: true }).selectOption('cross_task');
  await run(page, 'triage-priority-retry', 'P1: the whole sales team');

  // Another ticket: alone, its first attempt answers P3 too early; the lesson makes it read on.
  await run(page, 'triage-printing-memory', 'P1: the whole accounting team');
  // One attempt did it: the lesson was in its prompt from the start (no reflection of its own).
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('LLM calls: 3');

  const timeline = page.getByRole('region', { name: 'Timeline' });
  await timeline.getByRole('listbox', { name: 'Steps' }).getByRole('option').first().click();
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record.getByRole('heading', { name: 'Step 0', exact: true })).toBeVisible();
  await record.getByRole('tab', { name: 'Context' }).click();
  const panel = record.getByRole('tabpanel', { name: 'Context' });
  const system = panel
    .getByRole('list', { name: 'Messages sent' })
    .getByRole('listitem')
    .filter({ hasText: /^system/ });
  await expect(system).toContainText('Reflections from previous attempts:');
  await expect(system).toContainText('[Reflection 1]');
  await expect(system).toContainText('Start with tool:get_ticket ticket_id=T-4471');
});

test('with IndexedDB refused, the Memory view says reflections are kept in this tab only', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException(
          'The user denied permission to access the database.',
          'SecurityError',
        );
      },
    });
  });
  await open(page);
  await settings(page).getByLabel('Attempts', { exact: true }).fill('2');
  await run(page, 'triage-priority-retry', 'P1: the whole sales team');
  await memoryLink(page).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Reflections are not being saved' });
  await expect(notice).toContainText('private window');
  await expect(notice).toContainText('kept in this tab only');
  await expect(
    page
      .getByRole('table', { name: 'Kept reflections' })
      .getByRole('row')
      .filter({ hasText: 'triage-priority-retry' }),
  ).toHaveCount(1);
});
