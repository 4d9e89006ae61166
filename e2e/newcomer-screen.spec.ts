import type { Page } from '@playwright/test';
import { expect, test } from './support';

/**
 * What a newcomer tripped over (issue 14, "Wrong things the screen says"): each test reproduces
 * the steps a person took and checks what the screen says now.
 */

async function open(page: Page, hash: string) {
  await page.goto(`/${hash}`);
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
}

const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });
const chip = (page: Page, name: string) =>
  metrics(page)
    .getByRole('listitem')
    .filter({ hasText: `${name}:` });
const graph = (page: Page) => page.getByRole('region', { name: 'Phase graph' });

test('a wrong answer says it is wrong, and why, in the inspector, compare and the library', async ({
  page,
}) => {
  // returns-laptop, ReAct, seed 2: the answer leaves out the refund time.
  await open(page, '#/inspect?scenario=returns-laptop&settings=react%402');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(chip(page, 'Answer')).toHaveText('Answer: wrong (no “5-7 business days”)');
  await expect(chip(page, 'Stop reason')).not.toHaveClass(/emerald/);
  const answered = graph(page).getByTestId('rf__node-answered');
  await expect(answered).toContainText('✗ wrong');
  await expect(answered).toHaveAttribute('aria-label', /wrong answer, wrong: never mentions/);
  // The timeline's answer cell: not the green of success, and "wrong" in its name and tooltip.
  const answerCell = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('option', { name: /answer/ })
    .last();
  await expect(answerCell).toHaveAccessibleName(/wrong: never mentions “5-7 business days”/);
  await expect(answerCell).toHaveAttribute('title', /Answer: wrong: never mentions/);
  await expect(answerCell.locator('div').first()).not.toHaveClass(/emerald/);
  await expect(answerCell.locator('div').first()).toHaveClass(/rose/);

  // ReflAct on the same seed answers in full: the same chip says so.
  await open(page, '#/inspect?scenario=returns-laptop&settings=reflact%402');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  // The chip keeps the run before beside it: this one is right where that one was wrong.
  await expect(chip(page, 'Answer')).toHaveText(
    'Answer: correct, was wrong (no “5-7 business days”)',
  );
  await expect(graph(page).getByTestId('rf__node-answered')).toContainText('correct');
  const rightCell = page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('option', { name: /answer/ })
    .last();
  await expect(rightCell).toHaveAccessibleName(/answer, correct/);
  await expect(rightCell.locator('div').first()).toHaveClass(/emerald/);

  // Compare: each lane's status line grades its answer.
  await page.goto('/#/compare?scenario=returns-laptop&lane=react%402&lane=reflact%402');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const status = (name: string) => page.getByRole('region', { name }).getByRole('status').first();
  await expect(status('Lane A: ReAct · seed 2')).toHaveText(
    /answered\s*· ✗ wrong: never mentions “5-7 business days”/,
  );
  await expect(status('Lane B: ReflAct · seed 2')).toHaveText(/answered\s*· ✓ correct/);

  // The library: the kept ReAct run reads "Wrong answer" and what it leaves out.
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  const wrongRow = page
    .getByRole('table', { name: 'Kept runs' })
    .getByRole('row')
    .filter({ hasText: 'Wrong answer' })
    .first();
  await expect(wrongRow).toContainText('Wrong: never mentions “5-7 business days”');
});

const timeline = (page: Page) =>
  page.getByRole('region', { name: 'Timeline' }).getByRole('listbox', { name: 'Steps' });

/** The Time chip and step 1's latency and first token, once the run ended. */
async function timesOf(page: Page) {
  await expect(metrics(page)).toContainText(/Stop reason: (answer|stalled)/);
  await timeline(page).getByRole('option').first().click();
  const call = page.getByRole('region', { name: 'Decision record' }).getByText(/^Latency/);
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(call).toBeVisible();
  return {
    time: await chip(page, 'Time').textContent(),
    latency: await record.locator('dt:text-is("Latency") + dd').textContent(),
    firstToken: await record.locator('dt:text-is("First token") + dd').textContent(),
  };
}

test('Time is the built-in model’s simulated time, the same at every Speed', async ({ page }) => {
  await open(page, '#/inspect?scenario=rca-search-stall&settings=%402');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const instant = await timesOf(page);
  expect(instant.time).not.toBe('Time: 0.0 s');

  await page.getByLabel('Speed', { exact: true }).selectOption('5×');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: …');
  expect(await timesOf(page)).toEqual(instant);
});

test('Step mode counts no thinking time: the stepped run reads the straight run’s times', async ({
  page,
}) => {
  await open(page, '#/inspect?scenario=rca-search-stall&settings=%402');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const straight = await timesOf(page);

  // Reset → Step → (the person reads the screen) → Step → Resume to the end.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Paused' })).toBeVisible();
  await expect(metrics(page)).toContainText('LLM calls: 1');
  await expect(chip(page, 'Time')).not.toHaveText('Time: …');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(metrics(page)).toContainText('LLM calls: 2');
  await page.getByRole('button', { name: 'Resume', exact: true }).click();
  expect(await timesOf(page)).toEqual(straight);
});

test('against a failed baseline, compare and the closing slide lead with the outcome and call the rest its cost', async ({
  page,
}) => {
  await page.goto('/#/compare?scenario=rca-search-stall&preset=reflection-gating');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run all' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(
    /C Adaptive answered correctly where A Reflection off stalled: \+\d+ calls?, \+[\d,]+ tokens to answer correctly\./,
  );
  const adaptive = summary.getByRole('cell').filter({ hasText: /than A Reflection off/ });
  await expect(adaptive.first()).toBeVisible();
  await expect(summary.locator('[data-verdict="cost"]').first()).toBeVisible();
  await expect(summary.locator('[data-verdict="worse"]')).toHaveCount(0);

  // The presenter's "No reflection vs adaptive": no red "worse" numbers for the winner.
  await page.goto('/#/present?demo=off-vs-adaptive');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Pause on reflections and guard trips', { exact: true }).uncheck();
  await page.getByLabel('Speed', { exact: true }).selectOption('4×');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const closing = page.getByRole('region', { name: /answered/ });
  await expect(closing).toBeVisible();
  await expect(closing).toContainText(
    /The cost of the better outcome: \+\d+ calls?, \+[\d,]+ tokens to answer correctly\./,
  );
  for (const name of ['LLM calls', 'Tokens']) {
    await expect(closing.getByRole('group', { name, exact: true })).toContainText(
      'to answer correctly',
    );
  }
  await expect(closing.getByText('worse', { exact: true })).toHaveCount(0);
});

test('silent traps: a stall threshold above the stall exit says so, and Run refuses an invalid field', async ({
  page,
}) => {
  await open(page, '#/inspect?scenario=rca-search-stall');
  const settings = page.getByRole('region', { name: 'Settings' });
  await settings.getByLabel('Reflection gating').selectOption('adaptive');
  await settings.getByLabel('Stall threshold').fill('4');
  const trap =
    /Adaptive reflection can never fire: the stall threshold \(4\) is above the stall exit \(3\)/;
  await expect(settings.getByRole('note').first()).toHaveText(trap);
  await expect(settings.getByLabel('Stall exit')).toHaveAccessibleDescription(trap);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: stalled');
  await expect(page.getByRole('alert').filter({ hasText: 'The run stalled' })).toContainText(trap);

  // An invalid value in a field: Run refuses and points at it, instead of running the old value.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  const exit = settings.getByLabel('Stall exit');
  await exit.fill('0');
  await expect(exit).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Stall exit shows an invalid value: fix it, then run.',
  );
  await expect(exit).toBeFocused();
  await expect(metrics(page)).toContainText('LLM calls: –');
});

test('ReflAct’s state reflection is told apart from a reflection phase', async ({ page }) => {
  await open(page, '#/inspect?scenario=returns-laptop&settings=reflact%402');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText('Stop reason: answer');
  await expect(chip(page, 'Reflections')).toHaveText(
    'Reflections: 0 phases (state reflection is in each action call)',
  );
});

test('in the presenter a wrong answer wears a cross in its lane’s strip, a right one the tick', async ({
  page,
}) => {
  await page.goto('/#/present?demo=react-vs-reflact&from=inspect');
  const caption = page.getByRole('region', { name: 'Caption', exact: true });
  await expect(caption).toContainText('press Space or Play to start');
  for (let row = 1; row <= 3; row++) {
    await page.keyboard.press('ArrowRight');
    await expect(caption).toContainText(`Step ${row} of 3`);
  }
  const strip = (lane: string) =>
    page.getByRole('list', { name: `${lane}: steps by row`, exact: true }).getByRole('listitem');
  await expect(strip('ReAct').nth(2)).toHaveText('Row 3: wrong answer');
  await expect(strip('ReflAct').nth(2)).toHaveText('Row 3: Answer');
  const card = page.getByRole('group', { name: 'ReAct: current step', exact: true });
  await expect(card).toContainText('✗ Wrong');
});
