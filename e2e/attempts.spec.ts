import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from './support';

/**
 * Attempts you can see: triage-priority-retry's first attempt answers P3, the verifier says 0,
 * the agent reflects, and its second attempt answers P1 with the reflection in its prompt.
 */

const SETTINGS = encodeURIComponent(JSON.stringify({ attempts: 3 }));

async function runTriage(page: Page, settings = SETTINGS) {
  await page.goto(`/#/inspect?scenario=triage-priority-retry&settings=${settings}`);
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
}

const strip = (page: Page) => page.getByRole('region', { name: 'Attempts' });
const choice = (page: Page, name: RegExp | string) => strip(page).getByRole('radio', { name });
const cells = (page: Page) => page.getByRole('listbox', { name: 'Steps' }).getByRole('option');

/** The timeline's steps and its scrubber lie whole in the window, below the attempts strip. */
async function expectTimelineWhole(page: Page) {
  const viewport = page.viewportSize()!;
  const timeline = page.getByRole('region', { name: 'Timeline' });
  for (const part of [
    timeline.getByRole('listbox', { name: 'Steps' }),
    timeline.getByRole('slider', { name: 'Step' }),
  ]) {
    // Polled: the panes settle their sizes a frame after the strip appears.
    await expect
      .poll(
        async () => {
          const attempts = (await strip(page).boundingBox())!;
          const box = (await part.boundingBox())!;
          return (
            box.y >= attempts.y + attempts.height - 0.5 && box.y + box.height <= viewport.height
          );
        },
        `${await part.getAttribute('aria-label')} whole at ${viewport.width}×${viewport.height}`,
      )
      .toBe(true);
  }
}

test('a run that fails, reflects and succeeds shows its two attempts and the reflection', async ({
  page,
}) => {
  await runTriage(page);
  await expect(choice(page, /^Attempt 1/)).toContainText('reward 0 · verifier');
  await expect(choice(page, /^Attempt 1/)).toContainText(
    'reflected on: reward 0 is below the threshold 0.3',
  );
  await expect(choice(page, /^Attempt 2/)).toContainText('reward 1 · verifier');
  await expect(strip(page).getByRole('radio')).toHaveCount(3);
  await expect(strip(page)).toContainText('failure framing');
  await expect(strip(page).getByLabel('Reflection on attempt 1')).toContainText(
    'The attempt failed: its answer did not hold.',
  );
  await expect(choice(page, /^All attempts/)).toHaveAttribute('aria-checked', 'true');
  expect(await seriousViolations(page, 'section[aria-label="Attempts"]')).toEqual([]);
  // The strip takes its room from the panes above, not from the timeline: at a laptop's height
  // the steps and the scrubber still show whole.
  await expectTimelineWhole(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectTimelineWhole(page);
});

test("a judge run shows the judge's score and reason on each attempt, weaker than a check", async ({
  page,
}) => {
  await runTriage(page, encodeURIComponent(JSON.stringify({ attempts: 2, rewardSource: 'judge' })));
  await expect(choice(page, /^Attempt 1/)).toContainText('reward 0.2 · model judge');
  await expect(choice(page, /^Attempt 1/)).toContainText(
    'reflected on: reward 0.2 is below the threshold 0.3',
  );
  const judge = strip(page).getByLabel('Judge on attempt 1');
  await expect(judge).toContainText('weaker than an environment check');
  await expect(judge).toContainText('0.2: The attempt answered after 1 of 2 lookups');
  await expect(choice(page, /^Attempt 2/)).toContainText('reward 0.9 · model judge');
  await expect(strip(page).getByLabel('Judge on attempt 2')).toContainText('0.9:');
  // The judge's own step closes each attempt in the timeline, and its record says what it said.
  const judgeCell = cells(page).filter({ hasText: 'judge' }).first();
  await expect(judgeCell).toHaveAccessibleName(/judge of attempt 1 \(reward 0\.2\)/);
  await judgeCell.click();
  await expect(page.getByRole('region', { name: 'Decision record' })).toContainText(
    'Score 0.2: The attempt answered',
  );
  expect(await seriousViolations(page, 'section[aria-label="Attempts"]')).toEqual([]);
});

test('choosing attempt 2 scopes the timeline and the phase graph to it', async ({ page }) => {
  await runTriage(page);
  const all = await cells(page).count();
  await choice(page, /^Attempt 2/).click();
  await expect(choice(page, /^Attempt 2/)).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('region', { name: 'Phase graph' })).toHaveAttribute(
    'data-attempt',
    '2',
  );
  // Attempt 2 took three steps (two lookups and the answer); attempt 1's steps are gone.
  await expect(cells(page)).toHaveCount(3);
  expect(all).toBeGreaterThan(3);
  await expect(page.getByRole('region', { name: 'Decision record' })).toContainText('Attempt2');
  // Arrow keys move between the choices; Home is "All attempts".
  await choice(page, /^Attempt 2/).press('ArrowLeft');
  await expect(choice(page, /^Attempt 1/)).toBeFocused();
  await expect(choice(page, /^Attempt 1/)).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Home');
  await expect(choice(page, /^All attempts/)).toHaveAttribute('aria-checked', 'true');
  await expect(cells(page)).toHaveCount(all);
});

test('the chosen attempt is in the URL: a reload and a link reproducing the run show it', async ({
  page,
}) => {
  await runTriage(page);
  await choice(page, /^Attempt 2/).click();
  await expect(page).toHaveURL(/[?&]attempt=2(&|$)/);
  await page.reload();
  await expect(choice(page, /^Attempt 2/)).toHaveAttribute('aria-checked', 'true');
  await expect(cells(page)).toHaveCount(3);
  // After the reload (the kept run read back) the URL still follows the choice.
  await choice(page, /^All attempts/).click();
  await expect(page).not.toHaveURL(/attempt=/);

  // A link without the kept run, in a fresh page, reproduces it, waits for attempt 2, shows it.
  const fresh = await page.context().newPage();
  await fresh.goto(`/#/inspect?scenario=triage-priority-retry&settings=${SETTINGS}&attempt=2`);
  await fresh.locator('html[data-mock-ready="1"]').waitFor();
  await expect(choice(fresh, /^Attempt 2/)).toHaveAttribute('aria-checked', 'true');
  await expect(fresh.getByRole('region', { name: 'Phase graph' })).toHaveAttribute(
    'data-attempt',
    '2',
  );
  await expect(fresh.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  await expect(cells(fresh)).toHaveCount(3);
  await choice(fresh, /^Attempt 1/).click();
  await expect(fresh).toHaveURL(/[?&]attempt=1(&|$)/);
});

test("the reflection's words are marked in attempt 2's context, linked to attempt 1", async ({
  page,
}) => {
  await runTriage(page);
  await choice(page, /^Attempt 2/).click();
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record).toContainText(/Memory\s*\d+ characters/);
  await record.getByRole('tab', { name: 'Context' }).click();
  const reflection = await strip(page).getByLabel('Reflection on attempt 1').innerText();
  const mark = record.locator('mark[data-reflection="1"]');
  await expect(mark).toHaveText(reflection);
  await expect(record.getByRole('group', { name: 'Reflection memory' })).toContainText(
    '1 reflection from previous attempts',
  );
  expect(await seriousViolations(page, 'section[aria-label="Decision record"]')).toEqual([]);
  await record
    .getByRole('group', { name: 'Reflection memory' })
    .getByRole('button', { name: /From attempt 1/ })
    .click();
  // The reflection's own step (step 2, in attempt 1): its call and the reply it wrote.
  await expect(choice(page, /^Attempt 1/)).toHaveAttribute('aria-checked', 'true');
  await expect(strip(page)).toContainText('Reflection (step 2)');
  await expect(record).toContainText(
    'for step 2, in conversation 2 of 3 (a new attempt, a reflection between attempts or an early answer starts a fresh one) · the first call of this conversation: every message is new',
  );
  await expect(record).toContainText(`Reply${reflection}`);
});

test('a compare lane with 3 attempts shows them compactly and scopes its graph to one', async ({
  page,
}) => {
  const lanes = ['react', JSON.stringify({ attempts: 3 })]
    .map((token) => `lane=${encodeURIComponent(token)}`)
    .join('&');
  await page.goto(`/#/compare?scenario=triage-priority-retry&${lanes}`);
  await page.locator('html[data-mock-ready="1"]').waitFor();
  // The lanes start at the mock's default pace; Instant speeds the rest of their runs up.
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const lane = page.getByRole('region', { name: /^Lane B/ });
  const chips = lane.getByRole('group', { name: 'Attempts' });
  await expect(chips.getByRole('button', { name: 'A2 1' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'A1 0 → reflected' })).toBeVisible();
  // One attempt, one lane: lane A ran once and shows no attempts.
  await expect(
    page.getByRole('region', { name: /^Lane A/ }).getByRole('group', { name: 'Attempts' }),
  ).toHaveCount(0);
  await chips.getByRole('button', { name: 'A2 1' }).click();
  await expect(chips.getByRole('button', { name: 'A2 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(lane.getByRole('region', { name: 'Phase graph' })).toHaveAttribute(
    'data-attempt',
    '2',
  );
});
