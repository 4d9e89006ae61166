import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../engine';
import { findBuiltin } from '../../scenarios';
import { DEFAULT_EVAL_CONFIGS } from './jobs';
import { evalJson, evalJsonRows } from './json';
import { runMatrix } from './testing';

const builtin = (id: string): Scenario => {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
};

describe('export', () => {
  it('JSON rows have exactly the keys of `loop eval --json`', async () => {
    const rows = await runMatrix([builtin('shopops-happy')], DEFAULT_EVAL_CONFIGS);
    for (const row of evalJsonRows(rows)) {
      expect(Object.keys(row).sort()).toEqual(
        ['config', 'correct', 'metrics', 'scenario', 'stopReason', 'tags'].sort(),
      );
    }
    expect(JSON.parse(evalJson(rows))).toEqual(JSON.parse(JSON.stringify(evalJsonRows(rows))));
  });
});
