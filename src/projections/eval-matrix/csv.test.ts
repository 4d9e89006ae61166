import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../engine';
import { findBuiltin } from '../../scenarios';
import { csvField, CSV_COLUMNS, CSV_ENDPOINT_COLUMNS, evalCsv } from './csv';
import { evalPresets } from './jobs';
import { evalJson, evalJsonRows } from './json';
import { runOutcome } from './rows';
import { runMatrix } from './testing';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    i += 1;
    if (quoted && c === '"' && next === '"') {
      field += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += c;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\r' && next === '\n') {
      records.push([...fields, field]);
      fields = [];
      field = '';
      i += 1;
    } else {
      field += c;
    }
  }
  return records;
}

describe('export', () => {
  it('CSV: a header line, one line per run, the fields in column order', async () => {
    const rows = await runMatrix([builtin('rca-search-stall')], evalPresets(['react+adaptive']), 2);
    const csv = evalCsv(rows, [builtin('rca-search-stall')]);
    expect(csv.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
    const records = parseCsv(csv);
    expect(records).toHaveLength(3);
    expect(records[0]).toEqual([...CSV_COLUMNS]);
    const fields = records[1]!;
    expect(fields).toHaveLength(CSV_COLUMNS.length);
    const at = (column: (typeof CSV_COLUMNS)[number]) => fields[CSV_COLUMNS.indexOf(column)];
    expect(at('scenario')).toBe('rca-search-stall');
    expect(at('tags')).toBe('stalling rca');
    expect(at('config')).toBe('react+adaptive');
    expect(at('seed')).toBe('1');
    expect(at('outcome')).toBe(runOutcome(rows[0]!));
    expect(Number(at('reflections_stall'))).toBe(rows[0]!.triggers.stall);
    expect(at('title')).toBe(builtin('rca-search-stall').title); // it has a comma
    expect(csv).toContain(`,"${builtin('rca-search-stall').title}",`);
  });

  it('on an endpoint: its name and model in every row of both exports, nothing else of it', async () => {
    const rows = await runMatrix([builtin('rca-search-stall')], evalPresets(['react+off']), 2);
    const endpoint = { name: '=Local, "llama"', model: 'qwen2.5:7b' };
    const records = parseCsv(evalCsv(rows, [], endpoint));
    expect(records[0]).toEqual([...CSV_COLUMNS, ...CSV_ENDPOINT_COLUMNS]);
    // A name that starts like a formula is defused; its comma and quotes are quoted.
    expect(records.slice(1).map((fields) => fields.slice(-2))).toEqual([
      ['\'=Local, "llama"', 'qwen2.5:7b'],
      ['\'=Local, "llama"', 'qwen2.5:7b'],
    ]);
    const json = JSON.parse(evalJson(rows, endpoint)) as Record<string, unknown>[];
    expect(json.map((row) => row['endpoint'])).toEqual([endpoint, endpoint]);
    expect(json.map(({ endpoint: _endpoint, ...row }) => row)).toEqual(
      JSON.parse(JSON.stringify(evalJsonRows(rows))),
    );
    // On the built-in models both stay exactly as `loop eval` has them.
    expect(evalCsv(rows, [], null)).toBe(evalCsv(rows));
    expect(evalJson(rows, null)).toBe(evalJson(rows));
  });

  it('CSV escaping: commas, quotes and line breaks are quoted, quotes doubled', async () => {
    const rows = await runMatrix([builtin('shopops-happy')], evalPresets(['react+off']));
    const title = 'Happy path, "quoted"\nsecond line';
    const csv = evalCsv(rows, [{ id: 'shopops-happy', title }]);
    expect(csv).toContain(`,"Happy path, ""quoted""\nsecond line",`);
    const records = parseCsv(csv);
    expect(records).toHaveLength(2);
    expect(records[1]?.[1]).toBe(title);
    expect(records[1]).toHaveLength(CSV_COLUMNS.length);
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField(3)).toBe('3');
    expect(csvField(null)).toBe('');
    expect(csvField(false)).toBe('false');
  });

  it('CSV: text a spreadsheet would run as a formula is defused', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
  });
});
