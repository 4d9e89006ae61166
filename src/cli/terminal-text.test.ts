import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { say, visibleControls } from './terminal-text';

describe('visibleControls', () => {
  it('writes escape sequences out as literal \\xNN, so the terminal sees no ESC', () => {
    expect(visibleControls('\u001b]52;c;aGk=\u0007')).toBe('\\x1b]52;c;aGk=\\x07');
    expect(visibleControls('\u001b[2J\u001b[H')).toBe('\\x1b[2J\\x1b[H');
    expect(visibleControls('a\u009bb\u0085c\u007fd\u0000e\rf')).toBe(
      'a\\x9bb\\x85c\\x7fd\\x00e\\x0df',
    );
  });

  it('keeps newlines, tabs and ordinary text, accents and symbols included', () => {
    const plain = 'stop: answer · 3 LLM calls\n  #0   action\t→ ok … é ✗ ␛';
    expect(visibleControls(plain)).toBe(plain);
  });
});

describe('say', () => {
  it('writes human output with its controls shown, so a child or a server cannot drive the terminal', () => {
    const written: string[] = [];
    say({ write: (text: string) => written.push(text) }, 'bench: \u001b]0;owned\u0007 done\n');
    expect(written).toEqual(['bench: \\x1b]0;owned\\x07 done\n']);
  });

  it('is how loop bench writes everything but its JSON line', () => {
    const source = readFileSync(new URL('./bench.ts', import.meta.url), 'utf8');
    const raw = source.match(/process\.std(out|err)\.write\([^\n]*/g) ?? [];
    expect(raw).toEqual(['process.stdout.write(']);
    expect(source).toMatch(/process\.stdout\.write\(\s*`\$\{JSON\.stringify\(/);
  });
});
