import type { Page } from '@playwright/test';
import { expect, test } from './support';

/** The phase graph: the loop's phases and transitions, what a run did on them, and why. */

const graph = (page: Page) => page.getByRole('region', { name: 'Phase graph' });
const metrics = (page: Page) => page.getByRole('region', { name: 'Metrics' });
/** An edge's label: the pill on the edge that says how often the run took it and why. */
const label = (page: Page, transition: string) =>
  graph(page).locator(`[data-edge-label="${transition}"]`);

async function open(page: Page) {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await expect(graph(page)).toHaveAttribute('data-layout', 'done');
  await page.getByLabel('Speed', { exact: true }).selectOption('Instant');
}

async function run(page: Page, scenario: string, stopReason: string) {
  await page.getByLabel('Scenario', { exact: true }).selectOption(scenario);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(metrics(page)).toContainText(`Stop reason: ${stopReason}`);
}

test('a stalling run shows its reflection and the stall that triggered it', async ({ page }) => {
  await open(page);
  await run(page, 'rca-search-stall', 'answer');

  const reflecting = graph(page).getByTestId('rf__node-reflecting');
  await expect(reflecting).toContainText('Reflecting');
  await expect(reflecting).toContainText('1 step');
  const stall = graph(page).getByTestId('rf__edge-reflect-stall');
  await expect(stall).toHaveAttribute('data-kind', 'gate');
  await expect(stall).toHaveAttribute('data-taken', '1');
  await expect(label(page, 'reflect-stall')).toBeVisible();
  await expect(label(page, 'reflect-stall')).toContainText('stall: 1 empty call');
  // The run ended in Answered, through the edge it took last.
  await expect(graph(page).getByTestId('rf__node-answered')).toHaveAttribute(
    'data-current',
    'true',
  );
  await expect(graph(page).getByTestId('rf__edge-answer-accepted')).toHaveAttribute(
    'data-last',
    'true',
  );
});

test('a guard trip is a red guard edge into Escalated, with its reason', async ({ page }) => {
  await open(page);
  await run(page, 'shopops-hostile-loop', 'escalate');

  const guard = graph(page).getByTestId('rf__edge-duplicate-escalate');
  await expect(guard).toHaveAttribute('data-kind', 'guard');
  await expect(guard).toHaveAttribute('data-taken', '1');
  await expect(guard).toHaveAccessibleName(/duplicate-escalate.*Acting to Escalated.*taken 1 time/);
  await expect(label(page, 'duplicate-escalate')).toBeVisible();
  await expect(label(page, 'duplicate-escalate')).toContainText('duplicate call: get_order');
  const escalated = graph(page).getByTestId('rf__node-escalated');
  await expect(escalated).toHaveAttribute('data-tone', 'stop');
  await expect(escalated).toHaveAttribute('data-current', 'true');
});

test('clicking a phase selects it and shows its first step; the background clears it', async ({
  page,
}) => {
  await open(page);
  await run(page, 'rca-search-stall', 'answer');

  const reflecting = graph(page).getByTestId('rf__node-reflecting');
  await reflecting.click();
  await expect(graph(page)).toHaveAttribute('data-selection', 'phase:reflecting');
  await expect(reflecting).toHaveAttribute('data-selected', 'true');
  // The cursor moved to the reflection (step 1): the graph shows where that step was.
  await expect(reflecting).toHaveAttribute('data-current', 'true');
  await expect(reflecting).toContainText('step 1');
  await expect(page.getByRole('region', { name: 'Decision record' })).toContainText('Step 1');

  // An edge's label picks its transition (the label sits on the edge's middle).
  await expect(label(page, 'observe')).toContainText('found ×2 · empty');
  await label(page, 'observe').click();
  await expect(graph(page)).toHaveAttribute('data-selection', 'transition:observe');
  await expect(graph(page).getByTestId('rf__edge-observe')).toHaveAttribute(
    'data-selected',
    'true',
  );

  await graph(page)
    .locator('.react-flow__pane')
    .click({ position: { x: 12, y: 12 } });
  await expect(graph(page)).toHaveAttribute('data-selection', '');
});

test('the keyboard reaches nodes and Enter selects, Escape clears', async ({ page }) => {
  await open(page);
  await run(page, 'rca-search-stall', 'answer');

  const acting = graph(page).getByTestId('rf__node-acting');
  await acting.focus();
  await expect(acting).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(graph(page)).toHaveAttribute('data-selection', 'phase:acting');
  await expect(acting).toHaveAttribute('data-current', 'true');
  await page.keyboard.press('Escape');
  await expect(graph(page)).toHaveAttribute('data-selection', '');
});

test('Unrolled draws one node per step, as the run happened', async ({ page }) => {
  await open(page);
  await run(page, 'rca-search-stall', 'answer');

  await page.getByRole('button', { name: 'Unrolled' }).click();
  await expect(page.getByRole('button', { name: 'Unrolled' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(graph(page)).toHaveAttribute('data-layout', 'done');
  const nodes = graph(page).locator('.react-flow__node');
  await expect(nodes).toHaveCount(5);
  for (let step = 0; step < 5; step++) {
    await expect(graph(page).getByTestId(`rf__node-step-${step}`)).toContainText(`step ${step}`);
  }
  await expect(graph(page).getByTestId('rf__node-step-1')).toContainText('Reflection');
  await expect(graph(page).getByTestId('rf__edge-step-0->step-1')).toHaveAttribute(
    'data-kind',
    'gate',
  );

  await page.getByRole('button', { name: 'Aggregated' }).click();
  await expect(graph(page).getByTestId('rf__node-gathering')).toBeVisible();
});

test('Show all transitions draws the whole machine, the untaken ones faint', async ({ page }) => {
  await open(page);
  await run(page, 'shopops-hostile-loop', 'escalate');
  await expect(graph(page).getByTestId('rf__edge-stall-exit')).toHaveCount(0);

  await graph(page).getByLabel('Show all transitions').check();
  await expect(graph(page).getByTestId('rf__edge-stall-exit')).toHaveAttribute('data-taken', '0');
  await expect(graph(page).getByTestId('rf__edge-stall-exit')).toHaveAttribute(
    'data-kind',
    'guard',
  );
  await expect(graph(page).getByTestId('rf__node-failed')).toBeAttached();
});

/**
 * Where each phase node is in the graph's own coordinates (xyflow's transform on the node). The
 * pane itself gets shorter once a run shows its timeline, so the fitted zoom may change; the
 * graph's arrangement is what must hold.
 */
async function phasePlaces(page: Page) {
  return graph(page)
    .locator('.react-flow__node')
    .evaluateAll((nodes) =>
      Object.fromEntries(
        nodes.map((node) => [
          node.getAttribute('data-id') ?? '',
          (node as HTMLElement).style.transform,
        ]),
      ),
    );
}

/** The phases present both now and in `before`, and those of them that moved. */
async function movedSince(page: Page, before: Record<string, string>) {
  const after = await phasePlaces(page);
  const shared = Object.keys(after).filter((id) => id in before);
  return { shared: shared.sort(), moved: shared.filter((id) => after[id] !== before[id]) };
}

test('a phase keeps its place from before a run to after it, and in show all', async ({ page }) => {
  await open(page);
  await expect(graph(page).getByTestId('rf__node-stalled')).toBeVisible();
  const before = await phasePlaces(page);
  expect(Object.keys(before)).toHaveLength(8);
  expect(Object.values(before).every((place) => place.startsWith('translate('))).toBe(true);

  await run(page, 'rca-search-stall', 'answer');
  await expect(graph(page).getByTestId('rf__node-answered')).toHaveAttribute(
    'data-current',
    'true',
  );
  // The preview's untaken phases leave; the ones the run went through stay where they were.
  await expect(graph(page).getByTestId('rf__node-stalled')).toHaveCount(0);
  await expect
    .poll(() => movedSince(page, before))
    .toEqual({
      shared: ['acting', 'answered', 'answering', 'gathering', 'reflecting'],
      moved: [],
    });

  // No pill covers a phase. Every box is measured in one go, in the page: the view may still be
  // fitting itself to the run's layout, and boxes read one by one could straddle that move.
  const covered = await graph(page).evaluate((root) => {
    const boxes = (selector: string) =>
      [...root.querySelectorAll(selector)].map((element) => ({
        element,
        box: element.getBoundingClientRect(),
      }));
    const nodes = boxes('.react-flow__node');
    const pills = boxes('[data-edge-label]');
    const overlaps = pills.flatMap((pill) =>
      nodes
        .filter(
          ({ box: b }) =>
            pill.box.left < b.right &&
            b.left < pill.box.right &&
            pill.box.top < b.bottom &&
            b.top < pill.box.bottom,
        )
        .map(
          (node) =>
            `${pill.element.getAttribute('data-edge-label')} over ${node.element.getAttribute('data-id')}`,
        ),
    );
    return { pills: pills.length, overlaps };
  });
  expect(covered.pills).toBeGreaterThan(0);
  expect(covered.overlaps).toEqual([]);

  // The whole machine, too, keeps every phase where it was.
  await graph(page).getByLabel('Show all transitions').check();
  await expect(graph(page).getByTestId('rf__node-failed')).toBeAttached();
  await expect.poll(async () => (await movedSince(page, before)).moved).toEqual([]);
});
