// `npm test`: install what is missing (incl. Debian Chromium when root), then run every check.
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

const steps = [
  {
    name: 'typecheck',
    command: bin('tsc'),
    args: ['--noEmit', '-p', 'tsconfig.json'],
    ok: 'typecheck: ok',
  },
  { name: 'lint', command: bin('oxlint'), args: ['--deny-warnings', ...lintDirs] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
  { name: 'unit tests', command: bin('vitest'), args: ['run'] },
  {
    name: 'e2e tests',
    command: bin('playwright'),
    args: ['test'],
    env: { ...process.env, CHROMIUM_PATH: chromium },
  },
];

for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const code = run(step.command, step.args, step.env ? { env: step.env } : {});
  if (code !== 0) {
    console.error(`\n✗ ${step.name} failed (exit code ${code})`);
    process.exit(code);
  }
  if (step.ok) console.log(step.ok);
}

console.log('\nAll checks passed.');
