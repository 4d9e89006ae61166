import { describe, expect, it } from 'vitest';
import { reflectionConclusion } from './reflections';

describe('what a reflection concluded', () => {
  it('keeps the reason of its best next action', () => {
    expect(
      reflectionConclusion(
        'No evidence yet. Best next action: tool:search_logs service=x, because the gateway may time out. Termination check: keep gathering.',
      ),
    ).toBe('The gateway may time out.');
  });

  it('keeps its best next action when it gives no reason', () => {
    expect(
      reflectionConclusion(
        'Evidence so far: a lot. Best next action: answer. Termination check: answer next.',
      ),
    ).toBe('Best next action: answer.');
  });

  it('keeps plain prose as it is, clipped', () => {
    expect(reflectionConclusion('I keep asking for the same order.')).toBe(
      'I keep asking for the same order.',
    );
    expect(reflectionConclusion('word '.repeat(100), 20)).toHaveLength(20);
  });
});
