/**
 * The e2e suite's `test`: every test fails on a page error or a console error, unless the spec
 * expects that console error (`test.use({ consoleAllowed: { allow: [/net::ERR_/] } })`: each
 * pattern is matched against "<message> (at <url>)"); and the accessibility check every spec
 * uses.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page } from '@playwright/test';

export interface ConsoleAllowed {
  readonly allow: readonly RegExp[];
}

export const test = base.extend<{ consoleAllowed: ConsoleAllowed; pageErrors: string[] }>({
  consoleAllowed: [{ allow: [] }, { option: true }],
  pageErrors: [
    async ({ page, consoleAllowed }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const seen = `${message.text()} (at ${message.location().url})`;
        if (consoleAllowed.allow.some((pattern) => pattern.test(seen))) return;
        errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * axe-core's serious and critical violations on the page (or within `include`, a CSS selector),
 * one line each: rule, impact, where. Expect it to equal `[]`.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 120)}`)
          .join(' | ')}`,
    );
}

/** The preset columns the eval view ticks by default. */
const DEFAULT_COLUMNS = ['react+off', 'react+fixed', 'react+adaptive', 'reflact+adaptive'];

/** Narrows the eval view's setup to one scenario (by its title) and these preset columns. */
export async function pickMatrix(setup: Locator, scenario: string, columns: readonly string[]) {
  await setup.getByRole('button', { name: 'Select no scenarios' }).click();
  await setup.getByRole('checkbox', { name: scenario }).check();
  for (const label of DEFAULT_COLUMNS) {
    await setup
      .getByRole('checkbox', { name: label, exact: true })
      .setChecked(columns.includes(label));
  }
}

/**
 * The run summaries the page's library holds, read from IndexedDB itself (the database the app
 * writes, `loopscope-library`; none before the first run is kept).
 */
export async function keptSummaries(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = indexedDB.open('loopscope-library');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('summaries')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('summaries').objectStore('summaries').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as Record<string, unknown>[]);
          };
        };
      }),
  );
}
