import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The first `import` of a source file, as written. */
function firstImport(path: string): string | undefined {
  const source = readFileSync(new URL(path, import.meta.url), 'utf8');
  return source.split('\n').find((line) => line.startsWith('import '));
}

describe('zod goes jitless before any schema is defined (no eval under the CSP)', () => {
  // zod probes `new Function` when a z.object schema is defined unless jitless is already set,
  // and ES modules run in import order: schema-mode must come before the engine.
  it('in the eval worker', () => {
    expect(firstImport('./eval-worker.ts')).toMatch(/^import '\.\/schema-mode';/);
  });

  it('in the page', () => {
    expect(firstImport('../main.tsx')).toMatch(/^import '\.\/app\/schema-mode';/);
  });

  it('in the share page', () => {
    expect(firstImport('../share/main.tsx')).toMatch(/^import '\.\.\/app\/schema-mode';/);
  });
});
