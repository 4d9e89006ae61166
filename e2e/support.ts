/**
 * The e2e suite's `test`: every test fails on a page error or a console error, unless the spec
 * expects that console error (`test.use({ consoleAllowed: { allow: [/net::ERR_/] } })`: each
 * pattern is matched against "<message> (at <url>)"); and the accessibility check every spec
 * uses.
 *
 * A test's page opens in a browser context its worker keeps from test to test, with the app's
 * files in its HTTP cache and the mock model's service worker registered; what the app keeps
 * (IndexedDB, localStorage, cookies, Cache Storage) is cleared when a test ends, and
 * sessionStorage is each page's own. A fresh context per test cost each one ~0.4–1 s of its
 * start (a context, a renderer, the app's files fetched and compiled, the service worker
 * installed): 43 tests took 3.1–3.6 min that way against 2.6–3.1 min with the kept context,
 * alternating (docs/performance.md, "Test suite").
 *
 * `freshTest` gives a test a context of its own, as Playwright does by default: for a test that
 * changes its context (routes, permissions, listeners on every page, other pages) or needs a
 * first visit (no service worker yet). `test` refuses the `context` fixture, and `test.use` of
 * an option that shapes a context, so neither can leak into the next test. A retry gets a
 * context of its own too, where Playwright records its trace.
 */
import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';

export interface ConsoleAllowed {
  readonly allow: readonly RegExp[];
}

interface ErrorFixtures {
  consoleAllowed: ConsoleAllowed;
  pageErrors: string[];
}

/**
 * The options that shape a context, with Playwright's defaults for those it defaults: the kept
 * context is made with the project's values of these, and a test whose `test.use` asks for other
 * values is refused.
 */
const SHAPING = {
  viewport: { width: 1280, height: 720 },
  locale: 'en-US',
  timezoneId: undefined,
  serviceWorkers: 'allow',
  colorScheme: 'light',
  reducedMotion: 'no-preference',
  offline: false,
  permissions: undefined,
  storageState: undefined,
  extraHTTPHeaders: undefined,
  javaScriptEnabled: true,
  userAgent: undefined,
} as const;
type Shaping = keyof typeof SHAPING;
const SHAPING_KEYS = Object.keys(SHAPING) as Shaping[];

/** The project's context options: what the kept context (and a retry's own) is made with. */
function projectContextOptions(use: Record<string, unknown>): BrowserContextOptions {
  const options: Record<string, unknown> = { baseURL: use.baseURL };
  for (const key of SHAPING_KEYS) {
    const value = use[key] ?? SHAPING[key];
    if (value !== undefined) options[key] = value;
  }
  return options as BrowserContextOptions;
}

/** What the app keeps for an origin, but its service worker and the HTTP cache. */
const APP_STORAGE = 'cookies,indexeddb,local_storage,cache_storage,file_systems';

/**
 * Closes the kept context's pages and clears what the app kept. The pages close without
 * `beforeunload` (no leave prompt to answer): the mock's worker, which stays registered, forgets
 * a page that went without saying so at its next message (public/mock-model-worker.js).
 */
async function forgetTest(context: BrowserContext, origin: string): Promise<void> {
  await Promise.all(context.pages().map((open) => open.close()));
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: APP_STORAGE });
  await cdp.detach();
  await blank.close();
}

async function ownContext(browser: Browser, use: Record<string, unknown>) {
  return browser.newContext(projectContextOptions(use));
}

const errorFixtures: Parameters<typeof base.extend<ErrorFixtures>>[0] = {
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
};

/** A test with a browser context of its own (Playwright's default), and the error checks. */
export const freshTest = base.extend<ErrorFixtures>(errorFixtures);

/** A test whose page opens in its worker's kept context, and the error checks. */
const keptTest = base
  .extend<object, { keptContext: BrowserContext }>({
    keptContext: [
      async ({ browser }, use, workerInfo) => {
        const context = await ownContext(
          browser,
          workerInfo.project.use as Record<string, unknown>,
        );
        await use(context);
        await context.close();
      },
      { scope: 'worker' },
    ],
    // Playwright reads a fixture's dependencies from its first parameter's destructuring.
    // oxlint-disable-next-line no-empty-pattern
    context: async ({}, provide) => {
      void provide;
      throw new Error(
        "This test asks for `context`: a test that changes its browser context needs one of its own. Use `freshTest` from './support'.",
      );
    },
    page: async (
      {
        keptContext,
        browser,
        baseURL,
        viewport,
        locale,
        timezoneId,
        serviceWorkers,
        colorScheme,
        reducedMotion,
        offline,
        permissions,
        storageState,
        extraHTTPHeaders,
        javaScriptEnabled,
        userAgent,
      },
      provide,
      testInfo,
    ) => {
      // The names again: Playwright reads a fixture's dependencies from the destructuring above,
      // which takes no rest element.
      const project = testInfo.project.use as Record<string, unknown>;
      const asked: Record<Shaping, unknown> = {
        viewport,
        locale,
        timezoneId,
        serviceWorkers,
        colorScheme,
        reducedMotion,
        offline,
        permissions,
        storageState,
        extraHTTPHeaders,
        javaScriptEnabled,
        userAgent,
      };
      const made = projectContextOptions(project) as Record<string, unknown>;
      const changed = SHAPING_KEYS.filter(
        (key) => JSON.stringify(asked[key]) !== JSON.stringify(made[key]),
      );
      if (changed.length > 0) {
        throw new Error(
          `This test changes its context's ${changed.join(', ')} with test.use: use \`freshTest\` from './support'.`,
        );
      }
      if (testInfo.retry > 0) {
        const context = await ownContext(browser, project);
        await provide(await context.newPage());
        await context.close();
        return;
      }
      const page = await keptContext.newPage();
      await provide(page);
      await forgetTest(keptContext, new URL(baseURL ?? '').origin);
    },
  })
  .extend<ErrorFixtures>(errorFixtures);

/**
 * The suite's `test`: a page in the kept context, or with `E2E_FRESH_CONTEXTS=1` a context of
 * its own for every test (to tell whether a failure depends on what an earlier test left).
 */
export const test = process.env.E2E_FRESH_CONTEXTS ? freshTest : keptTest;

export { expect };

/**
 * axe-core's serious and critical violations on the page (or within `include`, a CSS selector),
 * one line each: rule, impact, where. Expect it to equal `[]`.
 *
 * Every rule runs; only the violations are written out (`resultTypes`), and axe runs in the page
 * itself (legacy mode) rather than finishing in a blank page it opens for cross-origin frames,
 * which the app has none of. The same violations, in about a third of the time (1.1–1.5 s
 * against 4.1–4.4 s on the inspector after a run, docs/performance.md).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Colours still easing (`transition-colors`, e.g. just after the theme or the system's colour
  // scheme changed) are measured as they are at the end: halfway, a link's text and background
  // can be both mid-grey, a contrast failure no one sees.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
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

/**
 * Opens the app and runs its default scenario at 1×: resolves, while the run still streams, to
 * the decision record's streaming call once it shows the model's thought. Stop ends the run.
 */
export async function streamingRun(page: Page): Promise<Locator> {
  await page.goto('/');
  await page.locator('html[data-mock-ready="1"]').waitFor();
  await page.getByLabel('Speed', { exact: true }).selectOption('1×');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const streaming = page
    .getByRole('region', { name: 'Decision record' })
    .getByRole('region', { name: 'Streaming model call' });
  await expect(streaming).toContainText('Thought');
  return streaming;
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

/** The timeline's step cells, one option each. */
export const timelineSteps = (page: Page): Locator =>
  page
    .getByRole('region', { name: 'Timeline' })
    .getByRole('listbox', { name: 'Steps' })
    .getByRole('option');

/** The Library's kept runs, a row each (its header row left out). */
export const keptRows = (page: Page): Locator =>
  page
    .getByRole('table', { name: 'Kept runs' })
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

/**
 * The Library lists exactly one kept run (`stepCount` steps in IndexedDB), and it opens in the
 * inspector with that many steps: a test then reads what those steps hold.
 */
export async function openOnlyKeptRun(page: Page, stepCount: number): Promise<void> {
  await expect
    .poll(async () => (await keptSummaries(page)).map((row) => row['steps']))
    .toEqual([stepCount]);
  await page
    .getByRole('navigation', { name: 'View' })
    .getByRole('link', { name: 'Library' })
    .click();
  await expect(keptRows(page)).toHaveCount(1);
  await keptRows(page)
    .first()
    .getByRole('button', { name: /^Open .* in the inspector$/ })
    .click();
  await expect(timelineSteps(page)).toHaveCount(stepCount);
}
