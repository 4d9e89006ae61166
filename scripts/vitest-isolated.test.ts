/**
 * The unit tests share their worker's modules (vitest.config.ts, `isolate: false`), so a test
 * file that replaces modules, timers, globals or the environment must be one of the isolated
 * files, or it would leak into the files after it in its worker.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isolated } from '../vitest.config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPLACES = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('the isolated test files', () => {
  it('are every test file that replaces modules, timers, globals or the environment', () => {
    const replacing = ['src', 'scripts', 'mocks']
      .flatMap(testFiles)
      .filter((file) => REPLACES.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !isolated.includes(file))).toEqual([]);
  });

  it('all exist', () => {
    expect(isolated.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
