/** Layer rules of docs/architecture.md, checked over the real tree (see scripts/check-layers.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findViolations, type SourceFile } from '../scripts/check-layers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      files.push(...sourceFiles(relative));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      files.push({ path: relative, source: readFileSync(path.join(root, relative), 'utf8') });
    }
  }
  return files;
}

describe('architecture', () => {
  const files = sourceFiles('src');

  it('finds the source tree', () => {
    expect(files.map((file) => file.path)).toContain('src/main.tsx');
  });

  it('every import respects the layer rules', () => {
    const violations = findViolations(files);
    expect(violations, `Layer violations:\n${violations.join('\n')}`).toEqual([]);
  });
});
