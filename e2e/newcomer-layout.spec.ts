import type { Locator, Page } from '@playwright/test';
import { squeezedOptions, squeezedSelects } from './select-room';
import { expect, test } from './support';

/**
 * What a newcomer tripped over in layout and keyboard (issue 14): a presenter that fits a
 * projector, an inspector legible from 1024 px wide, focus that stays put, one tab stop for the
 * phase graph.
 */

/**
 * Every element on the page that scrolls, or clips, more than it shows: a box whose overflow is
 * not `visible` with content taller or wider than itself (a projector shows no scrollbar), one
 * line each.
 */
async function clippedBoxes(page: Page, within = 'body'): Promise<string[]> {
  return page.locator(within).evaluate((root) => {
    const found: string[] = [];
    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      // Visually hidden text (`sr-only`) is clipped to a pixel on purpose.
      if (element.clientWidth <= 1 && element.clientHeight <= 1) continue;
      const style = getComputedStyle(element);
      // A deliberate one-line cut: an ellipsis shows it, the tooltip holds the whole text.
      if (style.textOverflow === 'ellipsis' && element.title) continue;
      const clipsY = style.overflowY !== 'visible';
      const clipsX = style.overflowX !== 'visible';
      // Content run into the bottom padding is cut by the border without counting as scroll.
      const last = element.lastElementChild;
      const inner =
        element.getBoundingClientRect().bottom -
        Number.parseFloat(style.borderBottomWidth) -
        Number.parseFloat(style.paddingBottom);
      const tall =
        element.scrollHeight > element.clientHeight + 1 ||
        (last !== null && last.getBoundingClientRect().bottom > inner + 1);
      const wide = element.scrollWidth > element.clientWidth + 1;
      if ((clipsY && tall) || (clipsX && wide)) {
        const name =
          element.getAttribute('aria-label') ??
          element.id ??
          element.textContent?.slice(0, 40) ??
          element.tagName;
        found.push(
          `${element.tagName.toLowerCase()} "${name}": ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}`,
        );
      }
    }
    return found;
  });
}

/** Whether `inner`'s box lies wholly above `below`'s top edge and inside the viewport. */
async function expectAbove(page: Page, inner: Locator, below: Locator) {
  const box = await inner.boundingBox();
  const bar = await below.boundingBox();
  const viewport = page.viewportSize();
  expect(box, 'shown').not.toBeNull();
  expect(bar, 'shown').not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y + 0.5);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width + 0.5);
}

/** How far the page runs past the window, across and down (a projector shows no scrollbar). */
function overflowOf(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    return {
      x: Math.max(0, root.scrollWidth - window.innerWidth),
      y: Math.max(0, root.scrollHeight - window.innerHeight),
    };
  });
}

/** Whether `inner`'s box lies wholly inside the viewport. */
async function expectInside(page: Page, inner: Locator) {
  const box = await inner.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, 'shown').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

const caption = (page: Page) => page.getByRole('region', { name: 'Caption', exact: true });
const controls = (page: Page) => page.getByRole('group', { name: 'Playback', exact: true });
const playAgain = (page: Page) => page.getByRole('button', { name: 'Play again', exact: true });

const DEMO_ROWS = [
  ['react-vs-reflact', 3],
  ['adaptive-vs-fixed', 5],
  ['off-vs-adaptive', 5],
] as const;

for (const [width, height] of [
  [1280, 720],
  [1024, 768],
] as const) {
  test(`the presenter fits ${width}×${height}: the demo chooser, every step of every demo and the closing slide, with no hidden scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    // The demo chooser: every card whole in the window, the page itself not scrolling.
    await page.goto('/#/present?from=inspect');
    const cards = page.getByRole('main').getByRole('link');
    await expect(cards).toHaveCount(DEMO_ROWS.length);
    await expect.poll(() => overflowOf(page), { message: 'chooser' }).toEqual({ x: 0, y: 0 });
    for (const card of await cards.all()) await expectInside(page, card);
    await expect.poll(() => clippedBoxes(page), { message: 'chooser' }).toEqual([]);
    for (const [demo, rows] of DEMO_ROWS) {
      await page.goto(`/#/present?demo=${demo}&from=inspect`);
      await expect(caption(page)).toContainText('press Space or Play to start');
      await expect.poll(() => clippedBoxes(page)).toEqual([]);
      for (let row = 1; row <= rows; row++) {
        await page.keyboard.press('ArrowRight');
        await expect(caption(page)).toContainText(`Step ${row} of ${rows}`);
        await expect
          .poll(() => clippedBoxes(page), { message: `${demo}, step ${row}` })
          .toEqual([]);
        await expectAbove(page, caption(page), controls(page));
      }
      await page.keyboard.press('ArrowRight');
      await expect(playAgain(page)).toBeVisible();
      await expect.poll(() => clippedBoxes(page), { message: `${demo}, closing` }).toEqual([]);
      await expectAbove(page, playAgain(page), controls(page));
      await expectAbove(
        page,
        page.getByRole('link', { name: 'Open in compare', exact: true }),
        controls(page),
      );
    }
  });
}

test('at 1280×720 a title that fits keeps one line, and the closing slide’s numbers stand level', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/present?demo=react-vs-reflact&from=inspect');
  await expect(caption(page)).toContainText('press Space or Play to start');
  const title = page.getByRole('heading', { level: 1 });
  /** How many lines the title takes. */
  const lines = () =>
    title.evaluate((heading) =>
      Math.round(
        heading.getBoundingClientRect().height /
          Number.parseFloat(getComputedStyle(heading).lineHeight),
      ),
    );
  // The Demo select is as wide as the chosen name, not the longest: the title keeps its line.
  await expect.poll(lines, { message: 'title card' }).toBe(1);
  await page.keyboard.press('ArrowRight');
  await expect(caption(page)).toContainText('Step 1 of 3');
  await expect.poll(lines, { message: 'playing' }).toBe(1);

  for (let row = 2; row <= 4; row++) await page.keyboard.press('ArrowRight');
  await expect(playAgain(page)).toBeVisible();
  // A label that wraps ("Reflection phases") does not push its number below the others.
  const numbers = page
    .getByRole('region', { name: /answered/ })
    .getByRole('group')
    .filter({ hasText: '→' })
    .locator('p:nth-child(2)');
  await expect(numbers).toHaveCount(5);
  await expect
    .poll(
      async () =>
        new Set(
          await numbers.evaluateAll((all) =>
            all.map((p) => Math.round(p.getBoundingClientRect().top)),
          ),
        ).size,
    )
    .toBe(1);
});

test('the inspector at 1024×700: the top bar shows every control and metric whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto('/#/inspect?scenario=rca-checkout-latency');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const metrics = page.getByRole('region', { name: 'Metrics', exact: true });
  await expect(metrics).toContainText('Stop reason: answer');

  const bar = page.getByRole('region', { name: 'Run setup', exact: true });
  expect(await squeezedSelects(bar)).toEqual([]);
  expect(await clippedBoxes(page, 'section[aria-label="Run setup"]')).toEqual([]);
  expect(await clippedBoxes(page, 'body > div header >> nth=0')).toEqual([]);
  // The settings pane's own header keeps its links whole too.
  const settings = page.getByRole('region', { name: 'Settings' });
  const pane = (await settings.boundingBox())!;
  for (const name of ['Compare with…', 'Save…', 'Reset to defaults']) {
    const box = (await settings.getByText(name, { exact: true }).boundingBox())!;
    expect(box.x + box.width, name).toBeLessThanOrEqual(pane.x + pane.width + 0.5);
  }
  const viewport = page.viewportSize()!;
  for (const control of [
    bar.getByRole('button', { name: 'Reset', exact: true }),
    bar.getByText('Stop reason:'),
    page.getByRole('banner').getByRole('radiogroup', { name: 'Theme' }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  }
});

for (const width of [1280, 1440]) {
  test(`the top bar at ${width} wide: nothing runs past the window, the theme switch is whole`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/#/inspect?scenario=rca-search-stall');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('heading', { name: /RCA: search timeouts/ })).toBeVisible();
    const theme = (await banner.getByRole('radiogroup', { name: 'Theme' }).boundingBox())!;
    expect(theme.x + theme.width).toBeLessThanOrEqual(width);
    expect(await banner.evaluate((header) => header.scrollWidth - header.clientWidth)).toBe(0);
  });
}

test('Enter on Run keeps focus on Run while it runs and after it ends', async ({ page }) => {
  await page.goto('/#/inspect?scenario=rca-checkout-latency');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
  await expect(run).toBeDisabled();
  await expect(run).toBeFocused();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  await expect(run).toBeEnabled();
  await expect(run).toBeFocused();
  // Enter again runs again, from the keyboard alone.
  await page.keyboard.press('Enter');
  await expect(run).toBeDisabled();
  await expect(run).toBeFocused();
});

/** Presses Tab from where focus is until it leaves the graph's phases and transitions. */
async function graphTabStops(page: Page): Promise<number> {
  const inGraph = () =>
    page.evaluate(() =>
      Boolean(document.activeElement?.closest('.react-flow__node, .react-flow__edge')),
    );
  let stops = 0;
  for (let press = 0; press < 80; press++) {
    await page.keyboard.press('Tab');
    if (await inGraph()) stops++;
    else if (stops > 0) break;
  }
  return stops;
}

const focusedGraphId = (page: Page) =>
  page.evaluate(
    () =>
      document.activeElement
        ?.closest('.react-flow__node, .react-flow__edge')
        ?.getAttribute('data-id') ?? null,
  );

test('the phase graph is one tab stop, with the arrow keys inside it', async ({ page }) => {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const graph = page.getByRole('region', { name: 'Phase graph' });
  await expect(graph).toHaveAttribute('data-layout', 'done');

  // Before a run: Tab enters the graph once and leaves it on the next press.
  await graph.getByLabel('Show all transitions').focus();
  expect(await graphTabStops(page)).toBe(1);
  await graph.getByLabel('Show all transitions').focus();
  await page.keyboard.press('Tab');
  const first = await focusedGraphId(page);
  expect(first).not.toBeNull();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => focusedGraphId(page)).not.toBe(first);
  const second = await focusedGraphId(page);
  expect(second).not.toBeNull();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => focusedGraphId(page)).toBe(first);

  // After a run, still one stop; it comes back to the element last focused.
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  await graph.getByLabel('Show all transitions').focus();
  expect(await graphTabStops(page)).toBe(1);
  await graph.getByLabel('Show all transitions').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('End');
  const last = await focusedGraphId(page);
  await page.keyboard.press('Home');
  await expect.poll(() => focusedGraphId(page)).not.toBe(last);
  // Enter still picks what the focused element names.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Decision record' })).toBeVisible();
});

test('] and [ in compare move the shared cursor to the rows where a lane reflects', async ({
  page,
}) => {
  await page.goto('/#/compare?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
  await page.getByRole('button', { name: 'Run all' }).click();
  const names = ['Lane A: Reflection off', 'Lane B: Fixed cadence', 'Lane C: Adaptive'];
  for (const name of names) {
    await expect(page.getByRole('region', { name }).getByRole('status').first()).toHaveText(
      /answered|stalled|escalated/,
    );
  }
  const strip = page.getByRole('region', { name: 'Aligned steps' });
  await expect(strip.getByRole('status')).toHaveText(/^Newest/);
  /** The shown step's header in each lane ("Step 1reflection…"). */
  const headers = () =>
    Promise.all(
      names.map((name) =>
        page
          .getByRole('region', { name })
          .getByRole('region', { name: 'Decision record' })
          .locator('header')
          .first()
          .innerText(),
      ),
    );
  const reflecting = (texts: string[]) => texts.some((text) => /^Step \d+\s*reflection/.test(text));

  await page.locator('body').press(']');
  await expect(strip.getByRole('status')).toHaveText(/^Row \d+ of \d+$/);
  const first = await strip.getByRole('status').innerText();
  await expect.poll(async () => reflecting(await headers())).toBe(true);

  // From the last row, [ comes back to it.
  await page.locator('body').press('End');
  await expect(strip.getByRole('status')).not.toHaveText(first);
  await page.locator('body').press('[');
  await expect(strip.getByRole('status')).toHaveText(first);
});

test('a compare lane sets every knob of the inspector’s Settings, and a link keeps it', async ({
  page,
}) => {
  await page.goto('/#/compare?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  const second = page.getByRole('region', { name: 'Lane B: ReflAct' });
  await second.getByRole('button', { name: 'Lane settings' }).click();
  await second.getByText('More settings').click();
  // The inspector's own fields, each of them, in the lane.
  for (const label of [
    'Max steps',
    'Stall exit',
    'Interval',
    'Max reflections',
    'Stall threshold',
    'Attempts',
    'Reward threshold',
  ]) {
    await expect(second.getByLabel(label, { exact: true })).toBeVisible();
  }
  const threshold = second.getByLabel('Stall threshold', { exact: true });
  await threshold.fill('2');
  await threshold.press('Tab');
  await expect(second.getByRole('list', { name: 'Settings' })).toContainText('Stall threshold: 2');
  await expect(second.getByText('More settings (1 changed)')).toBeVisible();

  // The lane's link carries it, and a reload reads it back.
  await expect(page).toHaveURL(/stallThreshold/);
  await page.reload();
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(
    page.getByRole('region', { name: /^Lane B/ }).getByRole('list', { name: 'Settings' }),
  ).toContainText('Stall threshold: 2');
});

test('the record names steps as the timeline does, and says once, plainly, what is not scored', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const record = page.getByRole('region', { name: 'Decision record' });
  await expect(record.getByRole('heading', { name: 'Step 4', exact: true })).toBeVisible();
  // The answer says its confidence is not scored; no other step shows a "Confidence 0".
  await expect(record).toContainText('Confidencenot scored (prose is not a calibrated score)');

  // Step 0's search found nothing: an empty action in the timeline and in the record alike.
  await page.locator('body').press('Home');
  await expect(record.getByRole('heading', { name: 'Step 0', exact: true })).toBeVisible();
  await expect(record.locator('header').first()).toContainText('Step 0empty action');
  await expect(record).not.toContainText('Confidence');

  // One conversation in this run: nothing to number.
  await record.getByRole('tab', { name: 'Context' }).click();
  await expect(record.getByRole('tabpanel', { name: 'Context' })).toContainText(
    'for step 0 · the first model call: every message is new',
  );
});

test('the record’s header names every step in the timeline’s own words', async ({ page }) => {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Metrics' })).toContainText('Stop reason: answer');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  const record = page.getByRole('region', { name: 'Decision record' });
  // "Step 1 · 2 of 5 · reflection (stall)": where the timeline is, in its words.
  const position = page.getByRole('region', { name: 'Timeline' }).getByRole('status');
  /** The kind badge beside the record's "Step N" heading. */
  const badge = record.locator('header h2 + span');
  await page.locator('body').press('Home');
  await expect(position).toHaveText(/^Step 0 · 1 of \d+/);
  const total = Number(/ of (\d+)/.exec(await position.innerText())![1]);
  const kinds: string[] = [];
  for (let index = 0; index < total; index++) {
    if (index > 0) await page.locator('body').press('ArrowRight');
    await expect(position).toHaveText(new RegExp(`^Step ${index} · ${index + 1} of ${total}`));
    await expect(record.getByRole('heading', { name: `Step ${index}`, exact: true })).toBeVisible();
    const words = (await position.innerText()).split(' · ')[2]!;
    await expect(badge).toHaveText(words);
    kinds.push(words);
  }
  // The run holds the reflection the header used to call plain "reflection".
  expect(kinds).toContain('reflection (stall)');
});

const GATING_SIZES = [
  [1024, 700],
  [1280, 720],
] as const;

for (const [width, height] of GATING_SIZES) {
  test(`at ${width}×${height} the inspector’s Reflection gating select has room for every option`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/#/inspect?scenario=rca-search-stall');
    await page.locator('html[data-mock-ready="1"]').waitFor();
    const gating = page.getByRole('region', { name: 'Settings' }).getByLabel('Reflection gating');
    await expect(gating).toBeVisible();
    expect(await squeezedOptions(gating)).toEqual([]);
  });

  for (const lanes of [3, 4]) {
    test(`at ${width}×${height} with ${lanes} compare lanes each lane’s gating select has room for every option`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/#/compare?scenario=rca-search-stall');
      await page.locator('html[data-mock-ready="1"]').waitFor();
      await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
      const regions = page.getByRole('region', { name: /^Lane / });
      await expect(regions).toHaveCount(3);
      if (lanes === 4) await page.getByRole('button', { name: 'Add lane' }).click();
      await expect(regions).toHaveCount(lanes);
      for (let index = 0; index < lanes; index++) {
        const lane = regions.nth(index);
        await lane.getByRole('button', { name: 'Lane settings' }).click();
        const gating = lane.getByLabel('Reflection gating');
        await expect(gating).toBeVisible();
        expect(await squeezedOptions(gating), `lane ${index + 1}`).toEqual([]);
      }
      // The chosen option too: lane B shows “Fixed cadence”.
      await expect(regions.nth(1).getByLabel('Reflection gating')).toHaveValue('fixed');
      expect(await squeezedSelects(regions.nth(1))).toEqual([]);
    });
  }
}

const SAVED = JSON.stringify({
  version: 1,
  configs: [
    { name: 'threshold 2', overrides: { reflection: { gating: 'adaptive', stallThreshold: 2 } } },
  ],
});

test('saved settings apply in the inspector, and Compare with… starts from them', async ({
  page,
}) => {
  await page.addInitScript((saved) => {
    localStorage.setItem('loopscope.saved-configs.v1', saved);
  }, SAVED);
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const settings = page.getByRole('region', { name: 'Settings' });
  const maxSteps = settings.getByLabel('Max steps', { exact: true });
  await maxSteps.fill('6');
  await maxSteps.press('Enter');
  await expect(settings).toContainText('1 changed');

  // Applying saved settings makes the panel read as they do: max steps back to its default.
  await settings.getByLabel('Apply saved settings').selectOption('threshold 2');
  await expect(settings.getByLabel('Reflection gating')).toHaveValue('adaptive');
  await expect(settings.getByLabel('Stall threshold', { exact: true })).toHaveValue('2');
  await expect(maxSteps).toHaveValue('10');

  await settings.getByRole('link', { name: 'Compare with…' }).click();
  await expect(page).toHaveURL(/#\/compare\?scenario=rca-search-stall&lane=/);
  const lanes = page.getByRole('region', { name: /^Lane / });
  await expect(lanes).toHaveCount(2);
  for (const index of [0, 1]) {
    const chips = lanes.nth(index).getByRole('list', { name: 'Settings' });
    await expect(chips).toContainText('adaptive');
    await expect(chips).toContainText('Stall threshold: 2');
  }
});

test('saved settings apply to a compare lane', async ({ page }) => {
  await page.addInitScript((saved) => {
    localStorage.setItem('loopscope.saved-configs.v1', saved);
  }, SAVED);
  await page.goto('/#/compare?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  const second = page.getByRole('region', { name: 'Lane B: ReflAct' });
  await second.getByRole('button', { name: 'Lane settings' }).click();
  await second.getByLabel('Apply saved settings').selectOption('threshold 2');
  const chips = second.getByRole('list', { name: 'Settings' });
  await expect(chips).toContainText('adaptive');
  await expect(chips).toContainText('Stall threshold: 2');
  await expect(page).toHaveURL(/stallThreshold/);
});

test('after a settings change the chips keep the previous run’s value beside the new one', async ({
  page,
}) => {
  await page.goto('/#/inspect?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const metrics = page.getByRole('region', { name: 'Metrics' });
  const reflections = metrics.getByRole('listitem').filter({ hasText: 'Reflections:' });
  await expect(reflections).toHaveText(/^Reflections:\s*1 \(stall\)$/);
  // The run has ended (the reflection shows while it still runs): only a finished run is "previous".
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await expect(metrics.getByRole('listitem').filter({ hasText: 'Stop reason:' })).toContainText(
    'answer',
  );
  await expect(metrics).not.toContainText('was');

  // Reflection off re-runs at once: the new values, each beside the one before.
  await page
    .getByRole('region', { name: 'Settings' })
    .getByLabel('Reflection gating')
    .selectOption('off');
  await expect(reflections).toHaveText(/^Reflections:\s*0, was 1 \(stall\)$/);
  await expect(metrics.getByRole('listitem').filter({ hasText: 'Stop reason:' })).toContainText(
    ', was answer',
  );
});

test('the presenter presents any two compare lanes the user chooses', async ({ page }) => {
  await page.goto('/#/compare?scenario=rca-search-stall');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByRole('button', { name: 'Reflection off · fixed · adaptive' }).click();
  await expect(page.getByRole('region', { name: /^Lane / })).toHaveCount(3);
  await page.getByLabel('Present', { exact: true }).selectOption('B: Fixed cadence');
  await page.getByLabel('against', { exact: true }).selectOption('C: Adaptive');
  await page.getByRole('button', { name: 'Present these lanes', exact: true }).click();
  await expect(page).toHaveURL(
    /#\/present\?scenario=rca-search-stall&lane=fixed&lane=adaptive&from=compare$/,
  );
  await expect(page.getByRole('region', { name: 'Fixed cadence', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Adaptive', exact: true })).toBeVisible();
});
