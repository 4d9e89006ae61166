/**
 * The curated demos: a scenario, a seed and two lanes where the difference a setting makes shows
 * in a few steps. The presenter offers them, and the compare view loads them. Runs are seeded,
 * so a demo plays the same way every time on the built-in models (`src/scenarios/suite.test.ts`
 * and `demos.test.ts` keep the claims in their descriptions true).
 */
import type { LaneSpec } from './compare-store';

export type DemoId = 'react-vs-reflact' | 'adaptive-vs-fixed' | 'off-vs-adaptive';

export interface Demo {
  readonly id: DemoId;
  /**
   * What the demo is called wherever a short name fits (the presenter's Demo select): its lanes in
   * their order, left to right ("Fixed vs adaptive reflection").
   */
  readonly name: string;
  /**
   * Its name and what it plays on ("ReAct vs ReflAct on a two-hop question"): the demo card, the
   * title slide and compare's demo links. Made from `name`, so the two never disagree.
   */
  readonly title: string;
  /** One sentence for people who do not build agents: what to watch for. */
  readonly description: string;
  readonly scenarioId: string;
  /** Two lanes: the first is the baseline the closing deltas are measured against. */
  readonly lanes: readonly [LaneSpec, LaneSpec];
}

/** A demo whose title is its name and what it plays on (`on`: "on a two-hop question"). */
function demo({ on, ...spec }: Omit<Demo, 'title'> & { readonly on: string }): Demo {
  return { ...spec, title: `${spec.name} ${on}` };
}

/** The demos, in the order they are offered. */
export const DEMOS: readonly Demo[] = [
  demo({
    id: 'react-vs-reflact',
    name: 'ReAct vs ReflAct',
    on: 'on a two-hop question',
    description:
      'A customer asks whether an opened laptop can be returned and when the refund arrives. ReAct answers after the first search and misses the refund; ReflAct first states what it knows and what is still missing, so it searches again and answers both parts.',
    scenarioId: 'returns-laptop',
    lanes: [
      { label: 'ReAct', overrides: { mode: 'react', seed: 2 } },
      { label: 'ReflAct', overrides: { mode: 'reflact', seed: 2 } },
    ],
  }),
  demo({
    id: 'adaptive-vs-fixed',
    name: 'Fixed vs adaptive reflection',
    on: 'on a clear-cut incident',
    description:
      'Every lead pays off, so there is nothing to reflect on. A fixed cadence reflects anyway, every few steps; adaptive gating reflects only when the run stalls: the same answer for fewer calls and tokens.',
    scenarioId: 'rca-checkout-latency',
    lanes: [
      {
        label: 'Fixed cadence',
        overrides: { mode: 'react', reflection: { gating: 'fixed' }, seed: 1 },
      },
      {
        label: 'Adaptive',
        overrides: { mode: 'react', reflection: { gating: 'adaptive' }, seed: 1 },
      },
    ],
  }),
  demo({
    id: 'off-vs-adaptive',
    name: 'No reflection vs adaptive',
    on: 'on a stalling incident',
    description:
      'The first leads find nothing. Without reflection the agent keeps digging in the same place until the loop gives up; with adaptive gating it stops to reflect after an empty result, changes course and finds the cause.',
    scenarioId: 'rca-search-stall',
    lanes: [
      {
        label: 'No reflection',
        overrides: { mode: 'react', reflection: { gating: 'off' }, seed: 1 },
      },
      {
        label: 'Adaptive',
        overrides: { mode: 'react', reflection: { gating: 'adaptive' }, seed: 1 },
      },
    ],
  }),
];

/** The demo with this id, or the first. */
export function demoById(id: string | null | undefined): Demo {
  return DEMOS.find((demo) => demo.id === id) ?? DEMOS[0]!;
}
