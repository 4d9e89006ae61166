import { describe, expect, it } from 'vitest';
import type { Step } from '../engine';
import {
  alignAgainst,
  alignRuns,
  rowForStep,
  stepForRow,
  stepSignature,
  type Alignment,
} from './align';

/** A step that did `what`: `search:x` is a tool call, else a kind (`reflection`, `answer`, …). */
function step(index: number, what: string): Step {
  const [tool, arg] = what.split(':');
  const isTool = arg !== undefined;
  const kind = (
    isTool ? 'action' : what.startsWith('escalate') ? 'escalate' : what
  ) as Step['kind'];
  return {
    index,
    attempt: 1,
    phase: 'gathering',
    kind,
    trigger: null,
    modelCall: null,
    reflection: null,
    decision: {
      intent: isTool ? 'tool' : 'answer',
      action: isTool ? { tool: tool ?? '', args: { q: arg } } : null,
      evidenceRefs: [],
      policy:
        kind === 'escalate' && what.includes('/')
          ? { outcome: 'denied', reason: 'duplicate_tool_call' }
          : { outcome: 'allowed', reason: null },
      confidence: 0,
    },
    observation: null,
    reward: null,
    framing: null,
    thought: null,
    answer: null,
  };
}

const run = (...whats: string[]) => whats.map((what, index) => step(index, what));

/** The rows as text: one string per row, cells joined by `|`, gaps as `-`. */
const rowsOf = (alignment: Alignment) =>
  alignment.rows.map((row) => row.cells.map((cell) => (cell === null ? '-' : cell)).join('|'));

describe('step signatures', () => {
  it('name the tool with its arguments in canonical order', () => {
    const a = step(0, 'search:x');
    const b: Step = {
      ...a,
      decision: { ...a.decision, action: { tool: 'search', args: { z: 1, a: 2 } } },
    };
    expect(stepSignature(a)).toBe('tool:search {"q":"x"}');
    expect(stepSignature(b)).toBe('tool:search {"a":2,"z":1}');
  });

  it('name reflections, answers, reprompts and escalations by what they were', () => {
    expect(stepSignature(step(0, 'reflection'))).toBe('reflection');
    expect(stepSignature(step(0, 'answer'))).toBe('answer');
    expect(stepSignature(step(0, 'reprompt'))).toBe('reprompt');
    expect(stepSignature(step(0, 'attempt_reflection'))).toBe('attempt-reflection');
    expect(stepSignature(step(0, 'escalate'))).toBe('escalate:model');
    expect(stepSignature(step(0, 'escalate/dup'))).toBe('escalate:duplicate_tool_call');
  });
});

describe('aligning two runs', () => {
  it('puts identical runs row by row with no divergence', () => {
    const steps = run('search:a', 'reflection', 'answer');
    const alignment = alignRuns([steps, run('search:a', 'reflection', 'answer')]);
    expect(rowsOf(alignment)).toEqual(['0|0', '1|1', '2|2']);
    expect(alignment.rows.every((row) => row.same)).toBe(true);
    expect(alignment.firstDivergence).toBeNull();
  });

  it('shows an extra reflection in one lane as a gap in the other', () => {
    const alignment = alignRuns([
      run('search:a', 'search:b', 'answer'),
      run('search:a', 'reflection', 'search:b', 'answer'),
    ]);
    expect(rowsOf(alignment)).toEqual(['0|0', '-|1', '1|2', '2|3']);
    expect(alignment.firstDivergence).toBe(1);
    expect(alignment.rows.map((row) => row.same)).toEqual([true, false, true, true]);
  });

  it('shows a step the other lane left out as a gap in that lane', () => {
    const alignment = alignRuns([
      run('search:a', 'reflection', 'search:b', 'answer'),
      run('search:a', 'search:b', 'answer'),
    ]);
    expect(rowsOf(alignment)).toEqual(['0|0', '1|-', '2|1', '3|2']);
    expect(alignment.firstDivergence).toBe(1);
  });

  it('shows a reordering as a gap in one lane and a gap in the other', () => {
    const alignment = alignRuns([run('search:a', 'search:b'), run('search:b', 'search:a')]);
    expect(rowsOf(alignment)).toEqual(['0|-', '1|0', '-|1']);
    expect(alignment.firstDivergence).toBe(0);
  });

  it('pairs steps that differ in one row when that costs no more than two gaps', () => {
    const alignment = alignRuns([
      run('search:a', 'metrics:x', 'metrics:y'),
      run('search:a', 'reflection', 'search:b', 'metrics:z', 'answer'),
    ]);
    expect(rowsOf(alignment)).toEqual(['0|0', '1|1', '2|2', '-|3', '-|4']);
    expect(alignment.firstDivergence).toBe(1);
  });

  it('tells apart calls of one tool with other arguments', () => {
    const alignment = alignRuns([run('search:a', 'answer'), run('search:b', 'answer')]);
    expect(rowsOf(alignment)).toEqual(['0|0', '1|1']);
    expect(alignment.rows[0]?.same).toBe(false);
    expect(alignment.firstDivergence).toBe(0);
  });
});

describe('aligning three and four runs', () => {
  it('lines up three lanes against the baseline, merging insertions they share', () => {
    const alignment = alignRuns([
      run('search:a', 'search:b', 'answer'),
      run('search:a', 'reflection', 'search:b', 'answer'),
      run('search:a', 'reflection', 'search:b', 'answer'),
    ]);
    expect(rowsOf(alignment)).toEqual(['0|0|0', '-|1|1', '1|2|2', '2|3|3']);
    expect(alignment.firstDivergence).toBe(1);
  });

  it('lines up what different lanes inserted at one place by what it did', () => {
    const alignment = alignRuns([
      run('search:a', 'answer'),
      run('search:a', 'reflection', 'answer'),
      run('search:a', 'answer'),
      run('search:a', 'search:b', 'reflection', 'answer'),
    ]);
    expect(rowsOf(alignment)).toEqual(['0|0|0|0', '-|-|-|1', '-|1|-|2', '1|2|1|3']);
    expect(alignment.rows.map((row) => row.same)).toEqual([true, false, false, true]);
    expect(alignment.firstDivergence).toBe(1);
  });

  it('puts what two other lanes both did where the baseline did not in one row', () => {
    const alignment = alignRuns([
      run('search:a', 'answer'),
      run('search:a', 'search:x', 'answer'),
      run('search:a', 'search:x'),
    ]);
    expect(rowsOf(alignment)).toEqual(['0|0|0', '-|1|1', '1|2|-']);
  });

  it('lines a lane’s early reflection up with another lane’s late one', () => {
    const alignment = alignRuns([
      run('search:a', 'search:b', 'search:c'),
      run('search:a', 'search:b', 'search:c', 'reflection', 'search:d', 'answer'),
      run('search:a', 'reflection', 'search:d', 'answer'),
    ]);
    expect(rowsOf(alignment)).toEqual(['0|0|0', '1|1|-', '2|2|-', '-|3|1', '-|4|2', '-|5|3']);
    expect(alignment.firstDivergence).toBe(1);
  });

  it('finds no divergence when four lanes did the same', () => {
    const lanes = [1, 2, 3, 4].map(() => run('search:a', 'answer'));
    const alignment = alignRuns(lanes);
    expect(rowsOf(alignment)).toEqual(['0|0|0|0', '1|1|1|1']);
    expect(alignment.firstDivergence).toBeNull();
  });

  it('is deterministic', () => {
    const lanes = [
      run('search:a', 'search:b', 'reflection', 'answer'),
      run('search:b', 'search:a', 'answer'),
      run('reflection', 'search:a', 'escalate'),
    ];
    expect(rowsOf(alignRuns(lanes))).toEqual(rowsOf(alignRuns(lanes)));
  });
});

describe('empty lanes', () => {
  it('aligns nothing to nothing', () => {
    const alignment = alignRuns([[], []]);
    expect(alignment.rows).toEqual([]);
    expect(alignment.firstDivergence).toBeNull();
  });

  it('shows a lane that has not run as gaps from the first row', () => {
    const alignment = alignRuns([run('search:a', 'answer'), []]);
    expect(rowsOf(alignment)).toEqual(['0|-', '1|-']);
    expect(alignment.firstDivergence).toBe(0);
  });

  it('shows a baseline that has not run as gaps too', () => {
    const alignment = alignRuns([[], run('search:a', 'answer')]);
    expect(rowsOf(alignment)).toEqual(['-|0', '-|1']);
  });
});

describe('moving between rows and steps', () => {
  const alignment = alignRuns([
    run('search:a', 'search:b', 'answer'),
    run('search:a', 'reflection', 'search:b', 'answer'),
  ]);

  it('finds the row of a lane’s step', () => {
    expect(rowForStep(alignment, 0, 1)).toBe(2);
    expect(rowForStep(alignment, 1, 1)).toBe(1);
    expect(rowForStep(alignment, 1, 9)).toBeNull();
  });

  it('finds the lane’s step at a row, or its nearest one before a gap', () => {
    expect(stepForRow(alignment, 1, 1)).toBe(1);
    expect(stepForRow(alignment, 0, 1)).toBe(0);
    expect(stepForRow(alignment, 0, 3)).toBe(2);
  });

  it('has no step before a lane’s first one, nor outside the rows', () => {
    const late = alignRuns([run('search:a'), run('reflection', 'search:a')]);
    expect(rowsOf(late)).toEqual(['-|0', '0|1']);
    expect(stepForRow(late, 0, 0)).toBeNull();
    expect(stepForRow(late, 0, 5)).toBeNull();
    expect(stepForRow(late, 0, -1)).toBeNull();
  });
});

describe('aligning against another baseline', () => {
  it('aligns every lane against the chosen one and keeps the lanes in their order', () => {
    const lanes = [
      run('search:a', 'answer'),
      run('search:a', 'reflection', 'answer'),
      run('search:a', 'reflection', 'search:b', 'answer'),
    ];
    const alignment = alignAgainst(lanes, 1);
    expect(rowsOf(alignment)).toEqual(['0|0|0', '-|1|1', '-|-|2', '1|2|3']);
    expect(alignment.firstDivergence).toBe(1);
    expect(rowForStep(alignment, 2, 2)).toBe(2);
    expect(alignment.signatures[0]).toEqual(['tool:search {"q":"a"}', 'answer']);
  });

  it('is alignRuns when the baseline is the first lane or out of range', () => {
    const lanes = [run('search:a'), run('reflection', 'search:a')];
    expect(rowsOf(alignAgainst(lanes, 0))).toEqual(rowsOf(alignRuns(lanes)));
    expect(rowsOf(alignAgainst(lanes, 7))).toEqual(rowsOf(alignRuns(lanes)));
  });
});
