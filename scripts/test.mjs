// `npm test`: install what is missing (incl. Debian Chromium when root), then run every check.
import { spawn } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { bin, ensureDependencies, root, run } from './deps.mjs';

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (isExecutable(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`);
    process.exit(1);
  }
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of ['chromium', 'chromium-browser']) {
    for (const dir of dirs) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

function ensureChromium() {
  let chromium = findChromium();
  if (chromium) return chromium;
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log('Chromium not found; installing it with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (
      run('apt-get', ['update'], { env }) !== 0 ||
      run('apt-get', ['install', '-y', 'chromium', 'fonts-dejavu-core'], { env }) !== 0
    ) {
      console.error('apt-get could not install chromium');
      process.exit(1);
    }
    chromium = findChromium();
    if (chromium) return chromium;
    console.error('chromium is still not on PATH after apt-get install');
    process.exit(1);
  }
  console.error(
    'Chromium is missing: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then npm test again.',
  );
  process.exit(1);
}

ensureDependencies();
const chromium = ensureChromium();

const lintDirs = ['src', 'e2e', 'scripts', 'mocks'].filter((dir) =>
  existsSync(path.join(root, dir)),
);

/**
 * The static checks at once: tsc and prettier each keep one core busy for about half a minute
 * (oxlint a few seconds), so together they take the longest one's time, not the sum. Each one's
 * output is printed whole when it ends, so theirs do not interleave.
 */
const checks = [
  {
    name: 'typecheck',
    command: bin('tsc'),
    args: ['--noEmit', '-p', 'tsconfig.json'],
    ok: 'typecheck: ok',
  },
  { name: 'lint', command: bin('oxlint'), args: ['--deny-warnings', ...lintDirs] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
];

/** Then the tests, one after the other: each uses both cores by itself. */
const steps = [
  { name: 'unit tests', command: bin('vitest'), args: ['run'] },
  {
    name: 'e2e tests',
    command: bin('playwright'),
    args: ['test'],
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
];

/** Runs a step with its output captured; resolves to its exit code and what it printed. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) =>
      resolve({ code: 1, output: `${step.command}: ${error.message}\n` }),
    );
    child.on('close', (code) =>
      resolve({ code: code ?? 1, output: Buffer.concat(output).toString() }),
    );
  });
}

/** Prints a step's outcome; exits with its code when it failed. */
function report(step, code) {
  if (code !== 0) {
    console.error(`\n✗ ${step.name} failed (exit code ${code})`);
    process.exit(code);
  }
  if (step.ok) console.log(step.ok);
}

const results = await Promise.all(
  checks.map(async (step) => ({ step, ...(await runCaptured(step)) })),
);
for (const { step, code, output } of results) {
  console.log(`\n▶ ${step.name}`);
  process.stdout.write(output);
  if (code !== 0) console.error(`\n✗ ${step.name} failed (exit code ${code})`);
  else if (step.ok) console.log(step.ok);
}
const failed = results.find(({ code }) => code !== 0);
if (failed) process.exit(failed.code);

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  report(step, run(step.command, step.args, step.env ? { env: step.env } : {}));
}

console.log('\nAll checks passed.');
