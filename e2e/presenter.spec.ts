import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, seriousViolations, test } from './support';

/** The presenter: two lanes played to an audience, with captions and a closing slide. */

/** No serious or critical accessibility violations on the page as it is. */
async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const caption = (page: Page) => page.getByRole('region', { name: 'Caption', exact: true });
const lane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const card = (page: Page, name: string) =>
  lane(page, name).getByRole('group', { name: `${name}: current step`, exact: true });
const closing = (page: Page) => page.getByRole('region', { name: /answered/ });

async function openDemo(page: Page, demo: string) {
  await page.goto(`/#/present?demo=${demo}&from=inspect`);
  await expect(caption(page)).toContainText('press Space or Play to start');
}

/** Every row's caption, stepping through by hand with →. */
async function captionsByHand(page: Page, rows: number): Promise<string[]> {
  const seen: string[] = [];
  for (let row = 1; row <= rows; row++) {
    await page.keyboard.press('ArrowRight');
    await expect(caption(page)).toContainText(`Step ${row} of ${rows}`);
    seen.push(await caption(page).innerText());
  }
  return seen;
}

test('from the inspector, Present plays ReAct vs ReflAct to the closing slide', async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByRole('link', { name: 'Present', exact: true }).click();
  await expect(page).toHaveURL(/#\/present\?scenario=rca-search-stall&from=inspect$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a demo' })).toBeVisible();
  await expectAccessible(page);

  await page
    .getByRole('link', { name: 'ReAct vs ReflAct on a two-hop question', exact: true })
    .click();
  await expect(page).toHaveURL(
    /#\/present\?demo=react-vs-reflact&scenario=rca-search-stall&from=inspect$/,
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'ReAct vs ReflAct on a two-hop question' }),
  ).toBeVisible();
  await expect(caption(page)).toContainText('The task: “I bought a laptop 20 days ago');
  await expect(card(page, 'ReAct')).toHaveText('Waiting to start.');

  // The fastest speed; playback stops by itself where ReflAct takes stock of its state and the runs part ways.
  await page.getByLabel('Speed', { exact: true }).selectOption('4×');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(
    page.getByText(
      'Paused: ReflAct takes stock of its state and the runs part ways — press Space to continue',
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  await expect(caption(page)).toContainText('Step 2 of 3');
  await expect(caption(page)).toContainText(
    'Here the runs part ways: ReflAct searches again, ReAct answers. ReflAct first takes stock (its state reflection, part of the action call, not a reflection phase): “Not there yet.',
  );
  await expect(card(page, 'ReflAct')).toContainText(
    'Searches the help centre for “refund processing time”.',
  );
  await expect(card(page, 'ReAct')).toHaveText('No step here: next, ReAct answers.');
  await expect(lane(page, 'ReflAct').getByRole('list', { name: 'So far' })).toHaveText(
    /2 LLM calls\s*2 tool calls\s*1,041 tokens/,
  );
  await expectAccessible(page);

  // Space continues; it plays to the end and closes on the outcomes and the deltas.
  await page.keyboard.press('Space');
  await expect(closing(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    'ReflAct answered correctly where ReAct did not.',
  );
  // The cost is said once, under the outcome, as the cost of the better outcome.
  await expect(closing(page)).toContainText(
    'The cost of the better outcome: +1 call, +1,133 tokens to answer correctly.',
  );
  await expect(closing(page).getByText(/1,133 more tokens/)).toHaveCount(0);
  // The slide says what its reflection count leaves out: ReflAct's state reflection.
  await expect(
    closing(page).getByRole('group', { name: 'Reflection phases', exact: true }),
  ).toContainText('0');
  await expect(closing(page)).toContainText(
    'ReflAct’s state reflection is part of each action call, not a reflection phase.',
  );
  await expect(closing(page).getByRole('group', { name: 'ReAct', exact: true })).toContainText(
    'Wrong answer',
  );
  await expect(closing(page).getByRole('group', { name: 'ReflAct', exact: true })).toContainText(
    'Correct answer',
  );
  const toolCalls = closing(page).getByRole('group', { name: 'Tool calls', exact: true });
  await expect(toolCalls).toContainText('+1');
  await expect(toolCalls).toContainText('to answer correctly');
  await expect(toolCalls).not.toContainText('worse');
  await expect(toolCalls).toContainText('ReAct 1, ReflAct 2');
  await expect(closing(page).getByRole('group', { name: 'Tokens', exact: true })).toContainText(
    'ReAct 757, ReflAct 1,890',
  );
  await expect(closing(page).getByRole('group', { name: 'LLM calls', exact: true })).toContainText(
    'ReAct 2, ReflAct 3',
  );
  await expectAccessible(page);

  // Play again starts over from the first step.
  await page.getByRole('button', { name: 'Play again', exact: true }).click();
  await expect(closing(page)).toBeHidden();
  await expect(caption(page)).toContainText(/Step [12] of 3/);
  await page.keyboard.press('Home');
  await expect(caption(page)).toContainText('3 steps · press Space or Play to start');

  // ←/→ move a row at a time.
  await page.keyboard.press('ArrowRight');
  await expect(caption(page)).toContainText('Step 1 of 3');
  await expect(caption(page)).toContainText(
    'Both runs search the help centre for “return opened laptop electronics”. Both find 4 results.',
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(caption(page)).toContainText('Step 3 of 3');
  await expect(card(page, 'ReAct')).toContainText('✗ Wrong');
  await expect(card(page, 'ReflAct')).toContainText('✓ Correct');
  await page.keyboard.press('ArrowLeft');
  await expect(caption(page)).toContainText('Step 2 of 3');
  // Stepping by hand onto a moment does not pause with a reason.
  await expect(page.getByText(/^Paused:/)).toBeHidden();

  // Esc leaves the closing slide for the last step, then the presenter for the inspector.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(closing(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(caption(page)).toContainText('Step 3 of 3');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/inspect\?scenario=rca-search-stall$/);
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
});

test('the same demo plays the same way twice', async ({ page }) => {
  await openDemo(page, 'off-vs-adaptive');
  const first = await captionsByHand(page, 5);
  expect(first[1]).toContain(
    'Here the runs part ways: Adaptive stops to reflect, No reflection checks the error rate metric of search-api.',
  );
  expect(first[2]).toContain('The stall guard stopped No reflection');

  await page.reload();
  await expect(caption(page)).toContainText('press Space or Play to start');
  expect(await captionsByHand(page, 5)).toEqual(first);

  // And when played, it pauses at the same moments, the stall guard among them.
  await page.keyboard.press('Home');
  await page.getByLabel('Speed', { exact: true }).selectOption('4×');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(
    page.getByText('Paused: Adaptive reflects and the runs part ways — press Space to continue'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(
    page.getByText('Paused: The stall guard stops No reflection — press Space to continue'),
  ).toBeVisible();
  await expect(card(page, 'No reflection')).toContainText(
    'The stall guard stopped No reflection: 3 tool calls in a row found nothing new.',
  );
});

test('playback runs through the moments when told not to pause', async ({ page }) => {
  await openDemo(page, 'adaptive-vs-fixed');
  await page.getByLabel('Pause on reflections and guard trips', { exact: true }).uncheck();
  await page.getByLabel('Speed', { exact: true }).selectOption('4×');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(closing(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    'Both answered correctly; Adaptive needed 1 fewer LLM call and 910 fewer tokens (33% less).',
  );
  const tokens = closing(page).getByRole('group', { name: 'Tokens', exact: true });
  await expect(tokens).toContainText('−910');
  await expect(tokens).toContainText('better');
});

test('Present these lanes: the compare view’s first two lanes, and back', async ({ page }) => {
  await page.goto('/#/compare?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByRole('button', { name: 'Present these lanes', exact: true }).click();
  await expect(page).toHaveURL(
    /#\/present\?scenario=rca-search-stall&lane=react&lane=reflact&from=compare$/,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'ReAct vs ReflAct' })).toBeVisible();
  await expect(page.getByLabel('Demo', { exact: true })).toHaveValue('these-lanes');
  await expect(caption(page)).toContainText('press Space or Play to start');

  await page.getByLabel('Pause on reflections and guard trips', { exact: true }).uncheck();
  await page.getByLabel('Speed', { exact: true }).selectOption('4×');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(closing(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(
    'Both answered correctly; ReflAct needed the same number of LLM calls and 848 more tokens.',
  );

  // Another demo from the picker keeps these lanes on offer.
  await page.getByLabel('Demo', { exact: true }).selectOption('ReAct vs ReflAct');
  await expect(
    page.getByRole('heading', { level: 1, name: 'ReAct vs ReflAct on a two-hop question' }),
  ).toBeVisible();
  await page.getByLabel('Demo', { exact: true }).selectOption('These lanes');
  await expect(page.getByRole('heading', { level: 1, name: 'ReAct vs ReflAct' })).toBeVisible();

  // Open in compare: the same lanes, by their tokens.
  await page.getByLabel('Speed', { exact: true }).selectOption('4×');
  await page.getByLabel('Pause on reflections and guard trips', { exact: true }).uncheck();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('link', { name: 'Open in compare', exact: true }).click();
  await expect(page).toHaveURL(/#\/compare\?scenario=rca-search-stall&lane=react&lane=reflact$/);
  await expect(page.getByRole('region', { name: 'Lane A: ReAct' })).toBeVisible();

  // Exit goes back to where the presenter was opened from.
  await page.getByRole('button', { name: 'Present these lanes', exact: true }).click();
  await page.getByRole('link', { name: 'Exit', exact: true }).click();
  await expect(page).toHaveURL(/#\/compare\?scenario=rca-search-stall&lane=react&lane=reflact$/);
});

test('a file just opened: its notice does not lie over the presenter’s controls; a problem still shows', async ({
  page,
}) => {
  const shop = JSON.parse(readFileSync('src/scenarios/shopops-happy.json', 'utf8')) as object;
  await page.goto('/#/inspect?scenario=shopops-happy');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const notice = page.getByTestId('open-notice');
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'mine.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ ...shop, id: 'mine', title: 'Mine' })),
  });
  await expect(notice).toContainText('Added your scenario "Mine"');
  await page.getByRole('link', { name: 'Present', exact: true }).click();
  await page
    .getByRole('link', { name: 'ReAct vs ReflAct on a two-hop question', exact: true })
    .click();
  await expect(caption(page)).toContainText('press Space or Play to start');
  // Gone as the presenter shows (not after the few seconds a done notice stays elsewhere).
  expect(await notice.count()).toBe(0);
  const pause = page.getByLabel('Pause on reflections and guard trips', { exact: true });
  await pause.uncheck();
  await expect(pause).not.toBeChecked();
  // Done, so not shown again back in the inspector.
  await page.getByRole('link', { name: 'Exit' }).click();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  expect(await notice.count()).toBe(0);

  // A file that could not be opened: that shows over the presenter too.
  await page.getByTestId('open-file-input').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"format": "loopscope'),
  });
  await expect(notice).toHaveRole('alert');
  await expect(notice).toContainText('broken.json');
  await page.getByRole('link', { name: 'Present', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a demo' })).toBeVisible();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('broken.json');
});
