/**
 * What the bench starts and must stop: the vite children, the browser and the temporary build,
 * removed on the way out, on an error and on SIGINT/SIGTERM/SIGHUP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { log, root } from './common';

/** The children this process started; killed on any exit, by their own handle. */
const children = new Set<ChildProcess>();
let browser: Browser | null = null;
let tempDir: string | null = null;
/** A signal came: what fails after it (the closed browser) is not worth a message. */
let stopping = false;

/** Spawns the repository's `vite` with `args` (stdout and stderr piped); killed by cleanUp. */
export function startVite(args: readonly string[]): ChildProcess {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'vite'), args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Hands `open` to cleanUp, which closes it; returns it. */
export function keepBrowser(open: Browser): Browser {
  browser = open;
  return open;
}

/** A fresh temporary directory for the build; cleanUp removes it. */
export function makeTempDir(): string {
  return (tempDir = mkdtempSync(path.join(tmpdir(), 'loopscope-bench-')));
}

/** True once a signal has come: a failure after it is not reported. */
export const isStopping = (): boolean => stopping;

function killChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  children.clear();
}

function removeTempDir(): void {
  if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  tempDir = null;
}

/** Closes the browser (at most 5 s), stops vite and removes the temporary build. */
export async function cleanUp(): Promise<void> {
  const open = browser;
  browser = null;
  if (open)
    await Promise.race([open.close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
  killChildren();
  removeTempDir();
}

/** Installs the exit and signal handlers: a signal cleans up and exits 130 / 143 / 129. */
export function handleExits(): void {
  // Synchronous last resort (an uncaught error, process.exit): vite must not outlive the bench.
  // Playwright kills the browsers it launched on exit itself.
  process.on('exit', () => {
    killChildren();
    removeTempDir();
  });
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)
    process.on(signal, () => {
      stopping = true;
      log(`${signal}: stopping the preview server and the browser`);
      void cleanUp().finally(() => process.exit(code));
    });
}
