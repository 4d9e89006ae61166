import { describe, expect, it } from 'vitest';
import o200k from 'gpt-tokenizer/bpeRanks/o200k_base';
import { RANKS_MODULE, ranksModule } from './bpe-ranks-json';

/** What the generated module exports, read back as the bundle's `JSON.parse` will. */
function exported(code: string): unknown {
  const literal = /^export default JSON\.parse\((".*")\);\n$/s.exec(code)?.[1];
  if (!literal) throw new Error(`not a JSON module: ${code.slice(0, 80)}`);
  return JSON.parse(JSON.parse(literal) as string);
}

describe('gpt-tokenizer rank tables as JSON', () => {
  it('exports the very same o200k table, byte arrays and all', () => {
    const table = o200k as unknown as readonly unknown[];
    expect(table.length).toBeGreaterThan(199_000);
    expect(table.some((entry) => Array.isArray(entry))).toBe(true);
    expect(exported(ranksModule(table))).toEqual(table);
  });

  it('keeps quotes, backslashes, controls and line separators exact', () => {
    const tricky = ['"', '\\', '\n', '\u2028', '</script>', '\u0000', [255, 0]];
    expect(exported(ranksModule(tricky))).toEqual(tricky);
  });

  it('refuses what is not a rank table', () => {
    expect(() => ranksModule({ length: 1 })).toThrow(/expected an array/);
    expect(() => ranksModule(['a', { b: 1 }])).toThrow(/expected an array/);
  });

  it('takes the rank table modules and nothing else', () => {
    expect(RANKS_MODULE.test('/p/node_modules/gpt-tokenizer/esm/bpeRanks/o200k_base.js')).toBe(
      true,
    );
    expect(
      RANKS_MODULE.test('C:\\p\\node_modules\\gpt-tokenizer\\esm\\bpeRanks\\cl100k_base.js'),
    ).toBe(true);
    expect(RANKS_MODULE.test('/p/node_modules/gpt-tokenizer/esm/encoding/o200k_base.js')).toBe(
      false,
    );
    expect(RANKS_MODULE.test('/p/node_modules/gpt-tokenizer/esm/bpeRanks/o200k_base.js?v=1')).toBe(
      false,
    );
  });
});
