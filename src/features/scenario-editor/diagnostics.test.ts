import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { toDiagnostics } from './diagnostics';

const doc = Text.of(['{', '  "version": 7,  ', '  "id": "x"', '}']);

describe("the editor's diagnostics", () => {
  it('mark a problem from its column to the end of its line, trailing space left out', () => {
    const [diagnostic] = toDiagnostics(doc, [
      { line: 2, column: 3, path: '$.version', message: 'expected 1, got 7' },
    ]);
    const line = doc.line(2);
    expect(diagnostic).toMatchObject({
      from: line.from + 2,
      to: line.from + '  "version": 7,'.length,
      severity: 'error',
      message: '$.version: expected 1, got 7',
    });
  });

  it('keep a problem past the last line on the document', () => {
    const [diagnostic] = toDiagnostics(doc, [
      { line: 9, column: 4, path: '$', message: 'invalid JSON: Unexpected end of JSON input' },
    ]);
    expect(diagnostic!.to).toBeLessThanOrEqual(doc.length);
    expect(diagnostic!.to).toBeGreaterThan(diagnostic!.from);
  });
});
