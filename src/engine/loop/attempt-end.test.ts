import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImports, stripSource } from '../../../scripts/check-layers';
import { resolveConfig } from '../config';
import { start, testScenario } from '../testing/drive';
import { endAttempt, finishRun } from './attempt-end';
import type { Draft, Effect } from './kit';

/** An attempt that just escalated, as a draft `endAttempt` may change. */
function escalated(attempts: number): Draft {
  const { state } = start(testScenario(), { attempts });
  return { ...state, phase: 'escalated', config: resolveConfig({ attempts }) };
}

const emitted = (effects: readonly Effect[]) =>
  effects.flatMap((effect) => (effect.type === 'emit' ? [effect.event.type] : []));

describe('when an attempt ends', () => {
  it('with no attempt left, the run finishes with the stop reason', () => {
    const draft = escalated(1);
    const effects: Effect[] = [];
    endAttempt(draft, effects, 'escalate');
    expect(emitted(effects)).toEqual(['attempt-end', 'run-end']);
    expect(draft).toMatchObject({ done: true, pending: null, stopReason: 'escalate' });
  });

  it('with attempts left and no reward, it asks for a reflection on the attempt', () => {
    const draft = escalated(2);
    const effects: Effect[] = [];
    endAttempt(draft, effects, 'escalate');
    expect(draft.path.toArray().at(-1)).toEqual({ transition: 'retry-from-escalated', step: 0 });
    expect(draft.phase).toBe('attempt-reflecting');
    expect(draft.pending).toMatchObject({ kind: 'model', purpose: 'attempt-reflection' });
    expect(effects.some((effect) => effect.type === 'model-call')).toBe(true);
    expect(draft.done).toBe(false);
  });

  it('finishing a run without a stop reason reports an error', () => {
    const draft = { ...escalated(1), stopReason: null };
    const effects: Effect[] = [];
    finishRun(draft, effects);
    expect(effects).toContainEqual({
      type: 'emit',
      event: { type: 'run-end', stopReason: 'error', metrics: draft.metrics },
    });
  });
});

describe('the loop modules', () => {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  const modules = readdirSync(folder).filter(
    (name) => /^[\w-]+\.ts$/.test(name) && !name.includes('.test.'),
  );
  const importsOf = (name: string) =>
    findImports(stripSource(readFileSync(path.join(folder, name), 'utf8')))
      .filter((specifier) => specifier.startsWith('./'))
      .map((specifier) => `${specifier.slice(2)}.ts`);

  it('import one way: no module reaches itself through its imports', () => {
    const reachable = (from: string): Set<string> => {
      const seen = new Set<string>();
      const queue = importsOf(from);
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(...importsOf(next));
      }
      return seen;
    };
    expect(modules).toContain('attempt-end.ts');
    expect(modules.filter((name) => reachable(name).has(name))).toEqual([]);
  });
});
