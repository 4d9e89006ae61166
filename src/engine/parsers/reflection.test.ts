import { describe, expect, it } from 'vitest';
import { parseReflectionParts, parseReflectionPhase, readReflectionParts } from './reflection';

describe('parseReflectionParts', () => {
  it('reads the English labels on separate lines', () => {
    const text =
      'Current state: order found\nLast discovery: it shipped\nGoal relation: answer now';
    expect(parseReflectionParts(text)).toEqual({
      state: 'order found',
      discovery: 'it shipped',
      goalRelation: 'answer now',
    });
  });

  it('reads numbered German labels on separate lines', () => {
    const text =
      '1. Aktueller Zustand: Bestellung gefunden\n2. Letzte Entdeckung: versendet\n3. Ziel-Relation: fertig';
    expect(parseReflectionParts(text)).toEqual({
      state: 'Bestellung gefunden',
      discovery: 'versendet',
      goalRelation: 'fertig',
    });
  });

  it('reads numbered labels inline in one line, each part ending at the next label', () => {
    const text = '1. aktueller zustand: A 2. LETZTE ENTDECKUNG: B 3. ziel-relation: C';
    expect(parseReflectionParts(text)).toEqual({ state: 'A', discovery: 'B', goalRelation: 'C' });
  });

  it('reads bulleted and bold labels in any order', () => {
    const text = '- **Goal relation:** close\n- **Current state**: s\n* Last discovery: d';
    expect(parseReflectionParts(text)).toEqual({
      state: 's',
      discovery: 'd',
      goalRelation: 'close',
    });
  });

  it('leaves a missing part empty', () => {
    expect(parseReflectionParts('Current state: s\nGoal relation: g')).toEqual({
      state: 's',
      discovery: '',
      goalRelation: 'g',
    });
  });

  it('keeps only the first match of a label', () => {
    expect(parseReflectionParts('Current state: a\nCurrent state: b')?.state).toBe('a');
  });

  it('makes unlabelled text the state', () => {
    expect(parseReflectionParts('  I still lack the order id.  ')).toEqual({
      state: 'I still lack the order id.',
      discovery: '',
      goalRelation: '',
    });
  });

  it('is null only for empty text', () => {
    expect(parseReflectionParts(' \n ')).toBeNull();
  });

  it('does not read a label inside a word', () => {
    expect(readReflectionParts('the recurrent state: none')).toBeNull();
  });
});

describe('parseReflectionPhase', () => {
  it('reads the thought of a JSON reply', () => {
    expect(parseReflectionPhase('{"thought": "  Current state: s  "}')).toEqual({
      thought: 'Current state: s',
      reflection: { state: 's', discovery: '', goalRelation: '' },
    });
  });

  it('reads JSON inside a json fence amid prose', () => {
    const text = 'Here you go:\n```json\n{"thought": "Last discovery: {x}"}\n```\nThanks.';
    expect(parseReflectionPhase(text)).toEqual({
      thought: 'Last discovery: {x}',
      reflection: { state: '', discovery: '{x}', goalRelation: '' },
    });
  });

  it('skips a brace in prose before the JSON object', () => {
    expect(parseReflectionPhase('Use {braces} well. {"thought": "t"}').thought).toBe('t');
  });

  it('takes free text whole, with null parts when it holds no part label', () => {
    expect(parseReflectionPhase('  I should look up the order first. ')).toEqual({
      thought: 'I should look up the order first.',
      reflection: null,
    });
  });

  it('takes the whole text when the JSON has no thought or does not parse', () => {
    expect(parseReflectionPhase('{"idea": "x"}').thought).toBe('{"idea": "x"}');
    expect(parseReflectionPhase('{"thought": oops}').thought).toBe('{"thought": oops}');
  });

  it('reads the parts of free text with part labels', () => {
    expect(parseReflectionPhase('Aktueller Zustand: a\nZiel-Relation: z').reflection).toEqual({
      state: 'a',
      discovery: '',
      goalRelation: 'z',
    });
  });
});
