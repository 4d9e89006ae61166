// Shared by start.mjs and test.mjs: install dependencies when missing or stale.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const isWindows = process.platform === 'win32';

/** Run a command with inherited stdio; returns its exit code (1 when it could not start). */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: isWindows,
    ...options,
  });
  if (result.error) {
    console.error(`${command}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

function mtime(file) {
  return statSync(file).mtimeMs;
}

/** `npm ci` (or `npm install` without a lockfile) when node_modules is missing or older. */
export function ensureDependencies() {
  const lockfile = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const hasLockfile = existsSync(lockfile);
  const reference = hasLockfile ? lockfile : path.join(root, 'package.json');

  const stale =
    !existsSync(path.join(root, 'node_modules')) ||
    !existsSync(installed) ||
    mtime(installed) < mtime(reference);
  if (!stale) return;

  const args = hasLockfile ? ['ci'] : ['install'];
  console.log(`Installing dependencies (npm ${args.join(' ')})…`);
  const code = run('npm', args, {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (code !== 0) {
    console.error(`npm ${args.join(' ')} failed with exit code ${code}`);
    process.exit(code);
  }
}

/** Path of a local binary in node_modules/.bin. */
export function bin(name) {
  return path.join(root, 'node_modules', '.bin', isWindows ? `${name}.cmd` : name);
}
