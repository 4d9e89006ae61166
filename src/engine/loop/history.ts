/**
 * The run's steps with the two lookups the guards need per attempt: calls already executed (by
 * fingerprint) and observations already seen (by canonical JSON). Value semantics over an
 * `AppendLog`: a branch that diverges rebuilds its own indexes.
 */
import { fingerprint } from '../guards';
import { canonicalJson } from '../tools';
import type { Step } from '../trace/types';
import { AppendLog, FirstIndex } from '../util/append-log';

/** Pure: the key under which an executed step's observation counts as seen. */
export function observationKey(ok: boolean, result: unknown, json = canonicalJson(result)): string {
  return `${ok ? 'ok' : 'error'} ${json}`;
}

function executed(step: Step): boolean {
  return (
    step.kind === 'action' && step.observation !== null && step.observation.repeatOf === undefined
  );
}

export class History {
  private constructor(
    readonly steps: AppendLog<Step>,
    private readonly calls: FirstIndex,
    private readonly observations: FirstIndex,
  ) {}

  static empty(): History {
    return new History(AppendLog.empty(), new FirstIndex(), new FirstIndex());
  }

  get length(): number {
    return this.steps.length;
  }

  /** Pure: appends a step; `observationKeyOf` is its observation key when it executed a call. */
  append(step: Step, key: string | null = null): History {
    if (!this.steps.isHead()) return History.rebuild([...this.steps.toArray(), step]);
    const steps = this.steps.append(step);
    if (executed(step) && step.decision.action) {
      this.calls.add(fingerprint(step.decision.action), step.index);
      const observation = step.observation as NonNullable<Step['observation']>;
      this.observations.add(key ?? observationKey(observation.ok, observation.result), step.index);
    }
    return new History(steps, this.calls, this.observations);
  }

  /** The first step at or after `from` that executed a call with this fingerprint, or -1. */
  findCall(callFingerprint: string, from: number): number {
    return this.calls.find(callFingerprint, from, this.length);
  }

  /** The first step at or after `from` that observed this key, or -1. */
  findObservation(key: string, from: number): number {
    return this.observations.find(key, from, this.length);
  }

  private static rebuild(steps: readonly Step[]): History {
    let history = History.empty();
    for (const step of steps) history = history.append(step);
    return history;
  }
}
