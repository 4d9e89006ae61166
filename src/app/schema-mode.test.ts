import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the page makes zod jitless without loading it', () => {
  it('zod, loaded after schema-mode, validates jitless (no `new Function` under the CSP)', async () => {
    await import('./schema-mode');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });

  it('schema-mode imports nothing, so the page does not fetch zod at start', () => {
    const source = readFileSync(new URL('./schema-mode.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import /m);
  });
});
