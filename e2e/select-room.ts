/** How much room a select's text has: measured in the select's own font, as a person sees it. */
import type { Locator } from '@playwright/test';

/**
 * Each select in `within` whose chosen option does not show whole: the option's text, measured
 * in the select's own font, against the select's width less its padding and its caret.
 */
export async function squeezedSelects(within: Locator): Promise<string[]> {
  return within.locator('select').evaluateAll((selects) => {
    const context = document.createElement('canvas').getContext('2d')!;
    const caret = 16;
    return (selects as HTMLSelectElement[]).flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? '';
      const room =
        select.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight) -
        caret;
      const needs = context.measureText(text).width;
      return needs <= room
        ? []
        : [`${select.labels[0]?.textContent}: "${text}" ${needs}px in ${room}px`];
    });
  });
}
