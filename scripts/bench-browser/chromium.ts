/** Finding Debian Chromium, launching it headless and the page context every matrix runs in. */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { installProbe } from './probe';

const CHROMIUM_HINT =
  'install it with `apt-get install -y chromium` (Debian/Ubuntu, as root) or set CHROMIUM_PATH to a Chromium binary';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** CHROMIUM_PATH, else `chromium` / `chromium-browser` on PATH; a reason when there is none. */
export function findChromium(): { path: string } | { missing: string } {
  const given = process.env.CHROMIUM_PATH;
  if (given)
    return executable(given)
      ? { path: given }
      : { missing: `CHROMIUM_PATH=${given} is not an executable file; ${CHROMIUM_HINT}` };
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean))
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = path.join(dir, name);
      if (executable(candidate)) return { path: candidate };
    }
  return { missing: `Chromium not found on PATH; ${CHROMIUM_HINT}` };
}

/** Launches the Chromium at `executablePath` headless; signals are ours to handle, not Playwright's. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    timeout: 60_000,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** A 1280×800 en-US/UTC context whose pages get the probe before any app script. */
export async function openBenchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  // tsx compiles these files with esbuild's keepNames: functions sent to the page call `__name`.
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript(installProbe);
  context.setDefaultTimeout(30_000);
  return context;
}
