/**
 * The e2e suite's `test`: every test fails on a page error or a console error, unless the spec
 * expects that console error (`test.use({ consoleAllowed: { allow: [/net::ERR_/] } })`: each
 * pattern is matched against "<message> (at <url>)").
 */
import { expect, test as base } from '@playwright/test';

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
