/**
 * The unit tests share their worker's modules (vitest.config.ts, `isolate: false`), so a test
 * file that replaces modules, timers, globals or the environment must be one of the isolated
 * files, or it would leak into the files after it in its worker.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { include, isolated } from '../vitest.config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPLACES = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;

/** Every test file under the folders vitest's `include` names, relative to the root. */
function testFiles(): string[] {
  const folders = [...new Set(include.map((pattern) => pattern.split('/')[0] ?? ''))];
  return folders.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.test\.tsx?$/.test(file))
      .map((file) => `${folder}/${file.split(path.sep).join('/')}`),
  );
}

describe('the isolated test files', () => {
  it('are every test file that replaces modules, timers, globals or the environment', () => {
    const replacing = testFiles().filter((file) =>
      REPLACES.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(replacing.length).toBeGreaterThan(0);
    expect(replacing.filter((file) => !isolated.includes(file))).toEqual([]);
  });

  it('all exist', () => {
    expect(isolated.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });
});
