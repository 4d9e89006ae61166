import type { Page } from '@playwright/test';
import { expect, pickMatrix, seriousViolations, test } from './support';

/** The compare view: lanes of one scenario side by side on one aligned cursor. */

async function openCompare(page: Page, scenario = 'rca-search-stall') {
  await page.goto(`/#/compare?scenario=${scenario}`);
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
}

const lane = (page: Page, name: string) => page.getByRole('region', { name });
/** The heading of the step a lane's decision record shows ("Step 3"). */
const shownStep = (page: Page, name: string) =>
  lane(page, name).getByRole('region', { name: 'Decision record' }).getByRole('heading', {
    level: 2,
  });

async function runAll(page: Page, lanes: readonly string[]) {
  await page.getByRole('button', { name: 'Run all' }).click();
  for (const name of lanes) {
    await expect(lane(page, name).getByRole('status').first()).toHaveText(
      /answered|stalled|escalated/,
    );
  }
}

test('Compare opens from the inspector on its scenario, and the hash keeps the view', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Scenario', { exact: true }).selectOption('shopops-happy');
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Compare' })
    .click();

  await expect(page).toHaveURL(/#\/compare\?scenario=shopops-happy$/);
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('shopops-happy');
  await expect(page.getByRole('button', { name: 'ReAct vs ReflAct' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(lane(page, 'Lane A: ReAct')).toBeVisible();
  await expect(lane(page, 'Lane B: ReflAct')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Compare' })).toHaveAttribute('aria-current', 'page');

  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(lane(page, 'Lane A: ReAct')).toBeVisible();

  await page.getByRole('link', { name: 'Inspect' }).click();
  await expect(page).toHaveURL(/#\/inspect\?scenario=shopops-happy$/);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('shopops-happy');
});

test('Run all, then the shared cursor moves every lane to its aligned step', async ({ page }) => {
  await openCompare(page);
  await runAll(page, ['Lane A: ReAct', 'Lane B: ReflAct']);
  const strip = page.getByRole('region', { name: 'Aligned steps' });
  await expect(strip.getByRole('status')).toHaveText('Newest · 5 rows');

  await strip.getByRole('button', { name: 'Previous step' }).click();
  await expect(strip.getByRole('status')).toHaveText('Row 4 of 5');
  await expect(shownStep(page, 'Lane A: ReAct')).toHaveText('Step 3');
  await expect(shownStep(page, 'Lane B: ReflAct')).toHaveText('Step 3');

  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(strip.getByRole('status')).toHaveText('Row 2 of 5');
  await expect(shownStep(page, 'Lane A: ReAct')).toHaveText('Step 1');
  await expect(shownStep(page, 'Lane B: ReflAct')).toHaveText('Step 1');
  await expect(strip.locator('[aria-current="step"]')).toHaveAttribute('data-row', '1');

  await page.keyboard.press('ArrowRight');
  await expect(shownStep(page, 'Lane A: ReAct')).toHaveText('Step 2');
  await expect(shownStep(page, 'Lane B: ReflAct')).toHaveText('Step 2');

  await strip.getByRole('button', { name: 'Next step' }).click();
  await expect(shownStep(page, 'Lane A: ReAct')).toHaveText('Step 3');
  await expect(shownStep(page, 'Lane B: ReflAct')).toHaveText('Step 3');

  // A column of the strip moves every lane there too.
  await strip.getByRole('button', { name: /^Row 1:/ }).click();
  await expect(shownStep(page, 'Lane A: ReAct')).toHaveText('Step 0');
  await expect(shownStep(page, 'Lane B: ReflAct')).toHaveText('Step 0');
});

test('reflection off and adaptive part ways at the reflection; the summary shows deltas', async ({
  page,
}) => {
  await openCompare(page);
  await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
  const lanes = ['Lane A: Reflection off', 'Lane B: Fixed cadence', 'Lane C: Adaptive'];
  await runAll(page, lanes);

  const strip = page.getByRole('region', { name: 'Aligned steps' });
  await expect(strip.getByText('Runs part ways here')).toBeVisible();
  await page.getByRole('button', { name: /Go to where they part ways/ }).click();
  // Off and fixed make a second empty call; adaptive has already stopped to reflect.
  await expect(strip.getByRole('status')).toHaveText('Row 2 of 7');
  await expect(strip.locator('[aria-current="step"]')).toHaveAccessibleName(
    /^Row 2, differs: .*Adaptive: no step/,
  );
  await expect(lane(page, 'Lane C: Adaptive')).toContainText('No step at row 2');

  // Adaptive's early reflection lines up with fixed cadence's late one.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(strip.getByRole('status')).toHaveText('Row 4 of 7');
  await expect(shownStep(page, 'Lane C: Adaptive')).toHaveText('Step 1');
  await expect(shownStep(page, 'Lane B: Fixed cadence')).toHaveText('Step 3');
  const adaptiveRecord = lane(page, 'Lane C: Adaptive').getByRole('region', {
    name: 'Decision record',
  });
  await expect(adaptiveRecord).toContainText('reflection');

  const differs = page.getByRole('region', { name: 'What differs at this step' });
  await expect(differs.getByRole('row', { name: /^Trigger/ })).toContainText('stall');
  await expect(differs.getByRole('row', { name: /^Trigger/ })).toContainText('cadence');
  await expect(differs.locator('[data-differs="true"]').first()).toBeVisible();

  // Where a lane took no step, it shows its last one before and says so.
  await page.keyboard.press('End');
  await expect(strip.getByRole('status')).toHaveText('Row 7 of 7');
  await expect(lane(page, 'Lane A: Reflection off')).toContainText('No step at row 7');
  await expect(shownStep(page, 'Lane A: Reflection off')).toHaveText('Step 2');

  const summary = page.getByRole('region', { name: 'Summary' });
  const correct = summary.getByRole('row', { name: /^Correct/ });
  await expect(correct).toContainText('✗ no');
  await expect(correct.locator('[data-verdict="better"]')).toHaveCount(2);
  await expect(correct).toContainText('than A Reflection off: better');
  const calls = summary.getByRole('row', { name: /^LLM calls/ });
  // The better outcome's extra calls are its cost, not "worse" (the baseline stalled).
  await expect(calls.locator('[data-verdict="cost"]').first()).toContainText('▲4 cost');
  await expect(calls.locator('[data-verdict="worse"]')).toHaveCount(0);

  await summary.getByRole('radio', { name: 'Baseline: C Adaptive' }).check();
  await expect(summary).toContainText('against C Adaptive');
  await expect(correct.locator('[data-verdict="worse"]')).toHaveCount(1);
});

test('a lane’s settings change and it runs again on its own', async ({ page }) => {
  await openCompare(page);
  await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
  await runAll(page, ['Lane A: Reflection off', 'Lane C: Adaptive']);
  const first = lane(page, 'Lane A: Reflection off');
  // How it ended, and the verdict: a stalled run did not give the answer the scenario expects.
  await expect(first.getByRole('status').first()).toHaveText(
    'stalled· ✗ wrong: it should have answered',
  );

  await first.getByRole('button', { name: 'Lane settings' }).click();
  await first.getByLabel('Reflection gating').selectOption('adaptive');
  await expect(first.getByRole('status').first()).toContainText('settings changed');
  await expect(
    page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }),
  ).toHaveAttribute('aria-pressed', 'false');
  await first.getByRole('button', { name: 'Run lane' }).click();
  await expect(first.getByRole('status').first()).toHaveText('answered· ✓ correct');

  await page.getByRole('button', { name: 'Add lane' }).click();
  await expect(lane(page, 'Lane D: Copy of Adaptive')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add lane' })).toBeDisabled();
  await lane(page, 'Lane D: Copy of Adaptive')
    .getByRole('button', { name: 'Remove lane D' })
    .click();
  await expect(page.getByRole('region', { name: /^Lane / })).toHaveCount(3);

  // The URL follows the lanes and names their kept runs: a reload shows those same runs again.
  await expect(page).toHaveURL(/lane=adaptive&lane=fixed&lane=adaptive(&run=[^&]+){3}$/);
  const named = page.url();
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  // The speed is a preference: it survived the reload too.
  await expect(page.getByLabel('Speed', { exact: true })).toHaveValue('0');
  await expect(page.getByRole('region', { name: /^Lane / })).toHaveCount(3);
  for (const name of ['Lane A: adaptive', 'Lane B: fixed cadence', 'Lane C: adaptive']) {
    await expect(lane(page, name).getByRole('status').first()).toHaveText('answered· ✓ correct');
  }
  expect(page.url()).toBe(named);
});

test('fork a run from a step and change its gating', async ({ page }) => {
  await openCompare(page);
  await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
  await runAll(page, ['Lane A: Reflection off', 'Lane B: Fixed cadence', 'Lane C: Adaptive']);
  await page.getByRole('button', { name: /Go to where they part ways/ }).click();
  // Two rows on, adaptive reflects (its step 1).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(shownStep(page, 'Lane C: Adaptive')).toHaveText('Step 1');

  await lane(page, 'Lane C: Adaptive').getByRole('button', { name: 'Fork from here' }).click();
  const fork = lane(page, 'Lane D: Fork of Adaptive at step 1');
  await expect(fork).toBeVisible();
  await expect(fork).toContainText('Forked from Adaptive');
  await expect(fork.getByRole('list', { name: 'Settings' })).toContainText('reflection off');
  // Reflection off from step 1 on: the fork keeps searching and stalls.
  await expect(fork.getByRole('status').first()).toHaveText(
    'stalled· ✗ wrong: it should have answered',
  );
  await expect(page.getByRole('button', { name: 'Add lane' })).toBeDisabled();

  // The replayed step 0 shows once, across the fork and its source.
  const strip = page.getByRole('region', { name: 'Aligned steps' });
  await expect(
    strip.getByRole('button', { name: /^Row 1:/ }).locator('[data-span="2"]'),
  ).toHaveCount(1);

  await fork.getByRole('button', { name: 'Lane settings' }).click();
  await fork.getByLabel('Reflection gating').selectOption('fixed');
  await fork.getByRole('button', { name: 'Run lane' }).click();
  await expect(fork.getByRole('status').first()).toHaveText('answered· ✓ correct');
  await expect(fork.getByRole('list', { name: 'Settings' })).toContainText('fixed cadence');
});

test('the compare view has no serious or critical accessibility violations', async ({ page }) => {
  await openCompare(page);
  await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
  await runAll(page, ['Lane A: Reflection off', 'Lane C: Adaptive']);
  await page.getByRole('button', { name: /Go to where they part ways/ }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('two ticked eval matrix cells open as a compare of exactly those settings', async ({
  page,
}) => {
  await page.goto('/#/eval');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const setup = page.getByRole('complementary', { name: 'Matrix setup' });
  await pickMatrix(setup, 'RCA: checkout latency after a deploy (clear-cut)', [
    'react+fixed',
    'react+adaptive',
  ]);
  await setup.getByRole('button', { name: 'Run matrix' }).click();
  await expect(page.getByRole('status').first()).toContainText('Done: 2 runs');

  const results = page.getByRole('region', { name: 'Matrix results' });
  await results.getByLabel('Pick rca-checkout-latency · react+fixed for compare').check();
  await results.getByLabel('Pick rca-checkout-latency · react+adaptive for compare').check();
  await results.getByRole('button', { name: 'Compare', exact: true }).click();

  await expect(page).toHaveURL(
    /#\/compare\?scenario=rca-checkout-latency&lane=react%2Bfixed%401&lane=react%2Badaptive%401$/,
  );
  // The lanes started at the mock's default pace; Instant speeds the rest of their runs up.
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const fixed = 'Lane A: ReAct · fixed cadence · seed 1';
  const adaptive = 'Lane B: ReAct · adaptive · seed 1';
  // No preset is pressed: the lanes are the cells', and they run without a click.
  await expect(page.getByRole('button', { name: 'ReAct vs ReflAct' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  for (const name of [fixed, adaptive]) {
    await expect(lane(page, name).getByRole('status').first()).toHaveText(/answered/);
  }
  // Clear-cut: fixed cadence reflects where adaptive does not; the summary counts it.
  const reflections = page
    .getByRole('region', { name: 'Summary' })
    .getByRole('row', { name: /^Reflections/ })
    .getByRole('cell');
  await expect(reflections.nth(0)).toHaveText(/^1/);
  await expect(reflections.nth(1)).toHaveText(/^0.*1 fewer reflections/);

  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(lane(page, fixed)).toBeVisible();
  await expect(lane(page, adaptive)).toBeVisible();
});

test('runs that do the same things point to a demo where ReAct and ReflAct part ways', async ({
  page,
}) => {
  await openCompare(page, 'rca-checkout-latency');
  await runAll(page, ['Lane A: ReAct', 'Lane B: ReflAct']);
  const differs = page.getByRole('region', { name: 'What differs at this step' });
  await expect(differs).toContainText('The lanes did the same things in the same order.');

  await differs.getByRole('link', { name: 'ReAct vs ReflAct on a two-hop question' }).click();
  await expect(page).toHaveURL(
    /#\/compare\?scenario=returns-laptop&lane=react%402&lane=reflact%402$/,
  );
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue('returns-laptop');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  for (const name of ['Lane A: ReAct · seed 2', 'Lane B: ReflAct · seed 2']) {
    await expect(lane(page, name).getByRole('status').first()).toHaveText(/answered/);
  }
  const strip = page.getByRole('region', { name: 'Aligned steps' });
  await expect(strip.getByText('Runs part ways here')).toBeVisible();
  await page.getByRole('button', { name: /Go to where they part ways/ }).click();
  // ReflAct searches again where ReAct has no step: ReAct answered after its first search.
  await expect(differs.getByRole('row', { name: /^Step/ })).toHaveText('Stepno step hereTool call');
  const correct = page
    .getByRole('region', { name: 'Summary' })
    .getByRole('row', { name: /^Correct/ });
  await expect(correct.locator('[data-verdict="better"]')).toHaveCount(1);
});

test('a link whose lanes cannot be read says which one, and opens the preset', async ({ page }) => {
  await page.goto(
    '/#/compare?scenario=rca-search-stall&lane=react&lane=%7B%22mode%22%3A%22fast%22%7D',
  );
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const alert = page.getByRole('alert').filter({ hasText: 'Lane 2 of the link' });
  await expect(alert).toContainText('("{"mode":"fast"}") is not a lane');
  await expect(alert).toContainText('Showing the ReAct vs ReflAct preset instead');
  await expect(lane(page, 'Lane A: ReAct')).toBeVisible();
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
});
