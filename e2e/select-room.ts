/** How much room a select's text has: measured in the select's own font, as a person sees it. */
import type { Locator } from '@playwright/test';

/**
 * Each select in `within` whose options do not show whole: an option's text, measured in the
 * select's own font, against the select's width less its padding and its caret. `every` measures
 * every option (each one shows in the closed select once chosen); otherwise only the chosen one.
 */
async function cutOptions(within: Locator, every: boolean): Promise<string[]> {
  // `within` may be the select itself, or hold several.
  return within.locator('xpath=descendant-or-self::select').evaluateAll((selects, every) => {
    const context = document.createElement('canvas').getContext('2d')!;
    // Chromium's menulist arrow: drawn beside the padding, about this wide at 13-14 px text.
    const caret = 16;
    return (selects as HTMLSelectElement[]).flatMap((select) => {
      const style = getComputedStyle(select);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        select.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight) -
        caret;
      const options = every ? [...select.options] : [...select.selectedOptions].slice(0, 1);
      const texts = options.length > 0 ? options.map((option) => option.text) : [''];
      return texts.flatMap((text) => {
        const needs = context.measureText(text).width;
        return needs <= room
          ? []
          : [
              `${select.labels[0]?.textContent}: "${text}" ${needs.toFixed(1)}px in ${room.toFixed(1)}px`,
            ];
      });
    });
  }, every);
}

/** Each select in `within` whose chosen option does not show whole, one line each. */
export function squeezedSelects(within: Locator): Promise<string[]> {
  return cutOptions(within, false);
}

/**
 * Each option of each select in `within` that would not show whole once chosen, one line each:
 * a select must have room for its longest option, not only the one it shows now.
 */
export function squeezedOptions(within: Locator): Promise<string[]> {
  return cutOptions(within, true);
}
