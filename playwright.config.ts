import { execSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/** Debian Chromium: CHROMIUM_PATH, else `chromium` / `chromium-browser` on PATH. */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    const found = execSync('command -v chromium || command -v chromium-browser', {
      shell: '/bin/sh',
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return found || undefined;
  } catch {
    return undefined;
  }
}

/** `E2E_PORT` lets several checkouts (or people) run the suite side by side. */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = chromiumPath();

export default defineConfig({
  testDir: 'e2e',
  // Two workers, each test on whichever is free: a test's page waits on its runner, its service
  // worker and its own workers about half the time, and the other worker's test runs meanwhile.
  // On 2 cores, alternating with one worker: 11–18% less time (45 and 69 tests;
  // docs/performance.md, "Test suite"). On a bigger machine, half its cores (a test's Chromium
  // keeps nearly two busy); E2E_WORKERS=N runs N.
  workers: Number(process.env.E2E_WORKERS) || Math.max(2, Math.floor(availableParallelism() / 2)),
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A failing test runs once more with a trace recorded, and the run still fails: a test that
  // passes only on its retry is reported flaky and fails the suite (failOnFlakyTests). Recording a
  // trace for every test (`retain-on-failure`) cost 37% of the suite's time: 29 tests took 226 s
  // with it and 143 s without, back to back, idle (docs/performance.md, "Test suite").
  retries: 1,
  failOnFlakyTests: true,
  reporter: 'list',
  // Tests wait for states, never for time: these are ceilings for a slow or busy machine (machines
  // here differ by 4x, and CI may share its cores), not how long anything should take.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    browserName: 'chromium',
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
    // The page's decorative animations (the running pulses, the live edge's flowing dashes) stop,
    // as for a user who asks for less motion; nothing the app does depends on them. Each one drew
    // a frame 60 times a second in software: 4 files on two workers took 10% less time (169
    // against 188 s, alternating). a11y.spec.ts checks both preferences.
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // E2E_OUT_DIR: a build directory of its own, so parallel runs do not overwrite each other's.
    command: `npx vite build --outDir ${process.env.E2E_OUT_DIR ?? 'dist'} --emptyOutDir && npx vite preview --outDir ${process.env.E2E_OUT_DIR ?? 'dist'} --host 127.0.0.1 --port ${port} --strictPort`,
    // Files as they are, not gzipped per request: every test's fresh context fetches the whole app
    // again, and compressing it cost each page ~0.2–0.9 s of CPU (the token worker answered its
    // first count ~180 ms later). vite.config.ts, `uncompressedPreview`.
    env: { PREVIEW_UNCOMPRESSED: '1' },
    url: baseURL,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
