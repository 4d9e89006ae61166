/**
 * What the run's events say about one step's decision: the guard trips placed at the step they
 * concern, and the config the run used. Pure: no React.
 */
import type { Guard, LoopConfig, LoopEvent } from '../engine';

/** A run's events as a view reads them: an array, or the run store's append-only log. */
export interface EventList {
  readonly length: number;
  at(index: number): LoopEvent | undefined;
}

/** A `guard-trip` event, placed at the step it concerns. */
export interface GuardTrip {
  readonly guard: Guard;
  readonly outcome: 'escalate' | 'block' | 'reprompt' | 'stop' | 'count';
  readonly detail: string;
  /** The step the guard judged; for a trip without one (a budget stop), the last step recorded before it. */
  readonly step: number | null;
}

/** Display names of the guards. */
export const GUARD_LABEL: Readonly<Record<Guard, string>> = {
  duplicate_tool_call: 'Duplicate call guard',
  fabrication: 'Fabrication guard',
  unparseable: 'Unparseable reply',
  max_steps: 'Step budget',
  stall_exit: 'Stall exit',
};

/**
 * Creates a reader of the run's guard trips. It remembers what it read, so while events only grow
 * it reads each event once and returns the same array until a new trip arrives (a narrow selector
 * over the whole event stream).
 */
export function createGuardTripReader(): (events: EventList) => readonly GuardTrip[] {
  let source: EventList | null = null;
  let trips: readonly GuardTrip[] = [];
  let lastStep: number | null = null;
  return (events) => {
    if (events === source) return trips;
    const sameRun =
      source !== null && events.length >= source.length && events.at(0) === source.at(0);
    if (!sameRun) {
      trips = [];
      lastStep = null;
    }
    const found: GuardTrip[] = [];
    for (let i = sameRun && source ? source.length : 0; i < events.length; i++) {
      const event = events.at(i) as LoopEvent;
      if (event.type === 'step-end') lastStep = event.step.index;
      if (event.type === 'guard-trip') {
        const { guard, outcome, detail } = event;
        found.push({ guard, outcome, detail, step: event.step ?? lastStep });
      }
    }
    source = events;
    if (found.length > 0) trips = [...trips, ...found];
    return trips;
  };
}

/** Pure: the run's config from its trace or, while it runs, from its `run-start` event. */
export function runConfig(events: EventList): LoopConfig | null {
  const first = events.at(0);
  return first?.type === 'run-start' ? first.config : null;
}
