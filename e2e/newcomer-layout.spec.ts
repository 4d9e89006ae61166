import type { Locator, Page } from '@playwright/test';
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
  test(`the presenter fits ${width}×${height}: every step of every demo and the closing slide, with no hidden scroll`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
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
