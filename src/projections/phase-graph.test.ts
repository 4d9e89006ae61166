import { describe, expect, it } from 'vitest';
import {
  MACHINE,
  runScenario,
  scenarioConfig,
  transition,
  type ConfigOverrides,
  type PathEntry,
  type Step,
  type Trace,
} from '../engine';
import { findBuiltin } from '../scenarios';
import {
  buildPhaseGraph,
  type PhaseGraph,
  type PhaseGraphEdge,
  type PhaseGraphNode,
  type PhaseGraphOptions,
  type PhaseGraphRun,
} from './phase-graph';
import { countBadge } from './phase-graph-aggregate-layout';
import { summariseReasons } from './phase-graph-reasons';

async function trace(id: string, overrides: ConfigOverrides = {}): Promise<Trace> {
  const scenario = findBuiltin(id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return runScenario(scenario, scenarioConfig(scenario, overrides));
}

/** The run as the store holds it once the run has ended. */
function ended(t: Trace, extra: Partial<PhaseGraphRun> = {}): PhaseGraphRun {
  const last = t.path.at(-1);
  return {
    path: t.path,
    steps: t.steps,
    phase: last ? transition(last.transition).to : null,
    live: false,
    escalation: t.escalation,
    ...extra,
  };
}

const AGGREGATE: PhaseGraphOptions = { mode: 'aggregate', cap: 300 };
const UNROLLED: PhaseGraphOptions = { mode: 'unrolled', cap: 300 };

function edge(graph: PhaseGraph, id: string): PhaseGraphEdge {
  const found = graph.edges.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no edge ${id}`);
  return found;
}

function node(graph: PhaseGraph, id: string): PhaseGraphNode {
  const found = graph.nodes.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
}

const IDLE: PhaseGraphRun = { path: [], steps: [], phase: null, live: false };

describe('the aggregate graph is drawn from the machine', () => {
  it('has a node for every phase and an edge for every transition when showing all', () => {
    const graph = buildPhaseGraph(MACHINE, IDLE, { ...AGGREGATE, showAll: true });
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(MACHINE.phases.map((p) => p.id).sort());
    for (const spec of MACHINE.transitions) {
      const drawn = edge(graph, spec.id);
      expect(drawn).toMatchObject({
        source: spec.from,
        target: spec.to,
        kind: spec.kind,
        label: spec.when,
      });
    }
    expect(graph.hidden).toBe(0);
  });

  it('a transition added to the machine appears by itself', () => {
    const machine = {
      phases: MACHINE.phases,
      transitions: [
        ...MACHINE.transitions,
        {
          id: 'give-up',
          from: 'acting',
          to: 'escalated',
          when: 'the model gives up',
          kind: 'flow',
          guard: null,
          trigger: null,
        },
      ] as const,
    };
    const graph = buildPhaseGraph(machine, IDLE, AGGREGATE);
    expect(edge(graph, 'give-up')).toMatchObject({ source: 'acting', target: 'escalated' });
  });

  it('a guard transition and a gate added to the machine give their reasons by themselves', async () => {
    const machine = {
      phases: MACHINE.phases,
      transitions: [
        ...MACHINE.transitions,
        {
          id: 'repeat-returned',
          from: 'acting',
          to: 'gathering',
          when: 'a repeated call is sent back',
          kind: 'guard',
          guard: 'duplicate_tool_call',
          trigger: null,
        },
        {
          id: 'reflect-anyway',
          from: 'gathering',
          to: 'reflecting',
          when: 'the loop reflects anyway',
          kind: 'gate',
          guard: null,
          trigger: 'stall',
        },
      ] as const,
    };
    const t = await trace('rca-search-stall');
    const renamed: Record<string, string> = {
      'observe@2': 'repeat-returned',
      'reflect-stall@1': 'reflect-anyway',
    };
    const path = t.path.map((entry) => ({
      ...entry,
      transition: renamed[`${entry.transition}@${entry.step}`] ?? entry.transition,
    }));
    const run = { ...ended(t), path };
    const graph = buildPhaseGraph(machine, run, AGGREGATE);
    expect(edge(graph, 'repeat-returned')).toMatchObject({ kind: 'guard', taken: 1 });
    expect(edge(graph, 'repeat-returned').pill?.detail).toBe('duplicate call: search_logs');
    expect(edge(graph, 'reflect-anyway').pill?.detail).toBe('stall: 1 empty call');
    const unrolled = buildPhaseGraph(machine, run, UNROLLED);
    expect(unrolled.edges.map((e) => e.pill?.detail)).toContain('duplicate call: search_logs');
    expect(unrolled.edges.map((e) => e.pill?.detail)).toContain('stall: 1 empty call');
  });

  it('before a run previews the working loop, without failures, cancels or attempts', () => {
    const graph = buildPhaseGraph(MACHINE, IDLE, AGGREGATE);
    const ids = graph.edges.map((e) => e.id);
    expect(ids).toContain('reflect-stall');
    expect(ids).toContain('duplicate-escalate');
    expect(ids).not.toContain('model-error-gathering');
    expect(ids).not.toContain('cancel-acting');
    expect(ids).not.toContain('retry-from-answered');
    expect(graph.nodes.map((n) => n.id)).not.toContain('failed');
    expect(graph.hidden).toBe(MACHINE.transitions.length - graph.edges.length);
    expect(graph.edges.every((e) => e.faint && e.pill === null)).toBe(true);
  });

  it('after a run shows the phases it went through and the transitions it took', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(graph.nodes.map((n) => n.id).sort()).toEqual(
      ['acting', 'answered', 'answering', 'gathering', 'reflecting'].sort(),
    );
    expect(graph.edges.map((e) => e.id).sort()).toEqual(
      [
        'answer-accepted',
        'choose-answer',
        'choose-tool',
        'observe',
        'reflect-stall',
        'reflection-done',
      ].sort(),
    );
    expect(graph.hidden).toBe(MACHINE.transitions.length - 6);
    const all = buildPhaseGraph(MACHINE, ended(t), { ...AGGREGATE, showAll: true });
    expect(all.edges).toHaveLength(MACHINE.transitions.length);
    expect(all.edges.find((e) => e.id === 'reflect-cadence')).toMatchObject({
      faint: true,
      pill: null,
      ariaLabel: expect.stringContaining('reflect-cadence: cadence'),
    });
  });

  it('lays out the same way every time, with no pill over a node', async () => {
    const t = await trace('rca-search-stall');
    for (const showAll of [false, true]) {
      const a = buildPhaseGraph(MACHINE, ended(t), { ...AGGREGATE, showAll });
      const b = buildPhaseGraph(MACHINE, ended(t), { ...AGGREGATE, showAll });
      expect(a.nodes.map(({ x, y }) => [x, y])).toEqual(b.nodes.map(({ x, y }) => [x, y]));
      for (const e of a.edges) {
        expect(e.points.length, e.id).toBeGreaterThan(1);
        if (!e.pill) continue;
        const pill = {
          left: e.labelX - e.labelWidth / 2,
          right: e.labelX + e.labelWidth / 2,
          top: e.labelY - e.labelHeight / 2,
          bottom: e.labelY + e.labelHeight / 2,
        };
        for (const n of a.nodes) {
          const overlaps =
            pill.left < n.x + n.width &&
            pill.right > n.x &&
            pill.top < n.y + n.height &&
            pill.bottom > n.y;
          expect(overlaps, `${e.id} pill over ${n.id}`).toBe(false);
        }
      }
    }
  });
});

describe('one layout before, during and after a run', () => {
  const places = (graph: PhaseGraph) => new Map(graph.nodes.map((n) => [n.id, `${n.x},${n.y}`]));

  it('keeps every phase where the preview put it, in show all and after runs', async () => {
    for (const direction of ['TB', 'LR'] as const) {
      const options = { ...AGGREGATE, direction };
      const preview = places(buildPhaseGraph(MACHINE, IDLE, options));
      const all = places(buildPhaseGraph(MACHINE, IDLE, { ...options, showAll: true }));
      for (const [id, at] of preview) expect(all.get(id), `${direction} ${id}`).toBe(at);
      for (const [id, overrides] of [
        ['rca-search-stall', {}],
        ['shopops-fabricated-agreement', {}],
        ['triage-priority-retry', { attempts: 3 }],
      ] as const) {
        const t = await trace(id, overrides);
        const live = buildPhaseGraph(
          MACHINE,
          { path: t.path.slice(0, 3), steps: t.steps.slice(0, 1), phase: 'gathering', live: true },
          options,
        );
        for (const graph of [live, buildPhaseGraph(MACHINE, ended(t), options)]) {
          for (const [phase, at] of places(graph)) {
            expect(at, `${direction} ${id} ${phase}`).toBe(all.get(phase));
          }
        }
      }
    }
  });

  it('stays compact: about as wide as the preview, pills included', async () => {
    const preview = buildPhaseGraph(MACHINE, IDLE, AGGREGATE);
    const after = buildPhaseGraph(MACHINE, ended(await trace('rca-search-stall')), AGGREGATE);
    // The machine's own width; a layout reserving every label's room in dagre was ~1,900 px.
    expect(preview.width).toBeLessThan(700);
    expect(after.width).toBeLessThan(800);
    // The view holds every node and pill shown.
    for (const n of after.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(after.view.x);
      expect(n.x + n.width).toBeLessThanOrEqual(after.view.x + after.view.width);
    }
    for (const e of after.edges.filter((candidate) => candidate.pill)) {
      expect(e.labelX - e.labelWidth / 2, e.id).toBeGreaterThanOrEqual(after.view.x);
      expect(e.labelX + e.labelWidth / 2, e.id).toBeLessThanOrEqual(
        after.view.x + after.view.width,
      );
    }
  });

  it('places no pill over another pill', async () => {
    for (const id of ['rca-search-stall', 'triage-priority-retry']) {
      const t = await trace(id, id === 'triage-priority-retry' ? { attempts: 3 } : {});
      const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
      const pills = graph.edges.filter((e) => e.pill);
      for (const a of pills) {
        for (const b of pills) {
          if (a === b) continue;
          const apart =
            Math.abs(a.labelX - b.labelX) >= (a.labelWidth + b.labelWidth) / 2 ||
            Math.abs(a.labelY - b.labelY) >= (a.labelHeight + b.labelHeight) / 2;
          expect(apart, `${id}: ${a.id} and ${b.id}`).toBe(true);
        }
      }
    }
  });
});

describe('when a run stalls and reflects (rca-search-stall)', () => {
  it('counts the steps through each phase and the transitions with their reasons', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(node(graph, 'reflecting')).toMatchObject({ detail: '1 step', steps: [1], faint: false });
    expect(node(graph, 'acting').detail).toBe('3 steps');
    expect(edge(graph, 'reflect-stall')).toMatchObject({
      taken: 1,
      steps: [1],
      kind: 'gate',
      faint: false,
      pill: { badge: '×1', text: 'reflect-stall', detail: 'stall: 1 empty call' },
    });
    expect(edge(graph, 'observe').pill?.detail).toBe('found ×2 · empty');
    expect(edge(graph, 'choose-tool')).toMatchObject({ taken: 3, steps: [0, 2, 3] });
  });

  it('marks where the run ended and the edge it took last', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(graph.nodes.filter((n) => n.current).map((n) => n.id)).toEqual(['answered']);
    expect(node(graph, 'answered')).toMatchObject({ tone: 'success', tag: 'end' });
    expect(graph.edges.filter((e) => e.last).map((e) => e.id)).toEqual(['answer-accepted']);
    expect(graph.edges.some((e) => e.animated)).toBe(false);
  });

  it('animates the edge just taken while the run is live', async () => {
    const t = await trace('rca-search-stall');
    const path = t.path.slice(0, 3);
    const graph = buildPhaseGraph(
      MACHINE,
      { path, steps: t.steps.slice(0, 1), phase: 'reflecting', live: true },
      AGGREGATE,
    );
    expect(node(graph, 'reflecting')).toMatchObject({ current: true, tag: 'now' });
    expect(graph.edges.filter((e) => e.animated).map((e) => e.id)).toEqual(['reflect-stall']);
  });

  it('shows where the selected step was when the cursor steps back', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(MACHINE, ended(t, { cursor: 1 }), AGGREGATE);
    expect(graph.nodes.filter((n) => n.current).map((n) => n.id)).toEqual(['reflecting']);
    expect(node(graph, 'reflecting').tag).toBe('step 1');
    expect(graph.edges.filter((e) => e.last).map((e) => e.id)).toEqual(['reflect-stall']);
    const atAction = buildPhaseGraph(MACHINE, ended(t, { cursor: 2 }), AGGREGATE);
    expect(atAction.nodes.filter((n) => n.current).map((n) => n.id)).toEqual(['acting']);
    expect(atAction.edges.filter((e) => e.last).map((e) => e.id)).toEqual(['choose-tool']);
  });

  it('a click picks the phase and the first step through it', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(node(graph, 'reflecting').pick).toEqual({
      select: { kind: 'phase', id: 'reflecting' },
      step: 1,
    });
    expect(edge(graph, 'reflect-stall').pick).toEqual({
      select: { kind: 'transition', id: 'reflect-stall' },
      step: 1,
    });
    const all = buildPhaseGraph(MACHINE, ended(t), { ...AGGREGATE, showAll: true });
    expect(node(all, 'stalled').pick.step).toBeNull();
  });

  it('counts the cadence a fixed gate waited for', async () => {
    const t = await trace('rca-search-stall', { reflection: { gating: 'fixed', interval: 1 } });
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(edge(graph, 'reflect-cadence')).toMatchObject({
      taken: 2,
      pill: { detail: 'cadence: 1 action ×2' },
    });
  });

  it('names the stall exit when reflection is off', async () => {
    const t = await trace('rca-search-stall', { reflection: { gating: 'off' } });
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(edge(graph, 'stall-exit')).toMatchObject({
      kind: 'guard',
      taken: 1,
      last: true,
      pill: { detail: 'stall exit: 3 empty calls' },
    });
    expect(node(graph, 'stalled')).toMatchObject({ current: true, tone: 'warn' });
    expect(graph.nodes.map((n) => n.id)).not.toContain('reflecting');
    const all = buildPhaseGraph(MACHINE, ended(t), { ...AGGREGATE, showAll: true });
    expect(node(all, 'reflecting')).toMatchObject({ faint: true, detail: null });
  });
});

describe('when a guard stops the run', () => {
  it('the duplicate guard is a red guard edge into Escalated (shopops-hostile-loop)', async () => {
    const t = await trace('shopops-hostile-loop');
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(edge(graph, 'duplicate-escalate')).toMatchObject({
      kind: 'guard',
      target: 'escalated',
      taken: 1,
      last: true,
      steps: [1],
      pill: { badge: '×1', detail: 'duplicate call: get_order' },
    });
    expect(node(graph, 'escalated')).toMatchObject({ tone: 'stop', current: true });
  });

  it('a blocked duplicate names the call it repeated', async () => {
    const t = await trace('shopops-hostile-loop', { duplicates: 'block' });
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(edge(graph, 'duplicate-blocked')).toMatchObject({
      taken: 2,
      pill: { detail: 'duplicate call: get_order ×2' },
    });
  });

  it('the fabrication guard names the evidence missing (shopops-fabricated-agreement)', async () => {
    const t = await trace('shopops-fabricated-agreement');
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(edge(graph, 'fabrication')).toMatchObject({
      kind: 'guard',
      target: 'escalated',
      taken: 1,
      pill: { detail: 'fabrication: no agreed_resolution' },
    });
  });
});

describe('with attempts (triage-priority-retry --attempts 3)', () => {
  it('brings in the loop between attempts with the reward that sent the run round it', async () => {
    const t = await trace('triage-priority-retry', { attempts: 3 });
    const graph = buildPhaseGraph(MACHINE, ended(t), AGGREGATE);
    expect(node(graph, 'attempt-reflecting')).toMatchObject({ steps: [2], tone: 'reflect' });
    expect(edge(graph, 'retry-from-answered')).toMatchObject({
      taken: 1,
      pill: { detail: 'reward 0' },
    });
    expect(edge(graph, 'attempt-start').pill?.detail).toBe('attempt 2');
    expect(edge(graph, 'answer-accepted').taken).toBe(2);
    expect(graph.edges.map((e) => e.id)).not.toContain('retry-from-stalled');
    expect(graph.layoutKey).not.toBe(buildPhaseGraph(MACHINE, IDLE, AGGREGATE).layoutKey);
  });
});

describe('the unrolled graph', () => {
  it('has one node per step, joined by the transitions taken between them', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(MACHINE, ended(t), UNROLLED);
    expect(graph.nodes.map((n) => n.id)).toEqual(t.steps.map((s) => `step-${s.index}`));
    expect(graph.nodes.map((n) => n.label)).toEqual([
      'search_logs',
      'Reflection',
      'search_logs',
      'get_metrics',
      'Answer',
    ]);
    expect(node(graph, 'step-1')).toMatchObject({ detail: 'step 1 · stall', tone: 'reflect' });
    expect(edge(graph, 'step-0->step-1')).toMatchObject({
      kind: 'gate',
      transitions: ['observe', 'reflect-stall'],
      pill: { text: 'observe\n→ reflect-stall', detail: 'stall: 1 empty call' },
      pick: { select: { kind: 'transition', id: 'reflect-stall' }, step: 1 },
    });
    expect(graph.edges.filter((e) => e.last).map((e) => e.id)).toEqual(['step-3->step-4']);
    expect(graph.notice).toBeNull();
  });

  it("marks the guards lens's would-have transitions on the edge into that step", async () => {
    const t = await trace('rca-search-stall');
    const wouldHave = new Map([['stall-exit', [2]]]);
    const graph = buildPhaseGraph(MACHINE, { ...ended(t), wouldHave }, UNROLLED);
    expect(edge(graph, 'step-1->step-2')).toMatchObject({
      wouldHave: [2],
      pill: { detail: 'would have: stall-exit' },
    });
    expect(edge(graph, 'step-1->step-2').ariaLabel).toContain('would have: stall-exit');
    expect(graph.edges.filter((e) => e.wouldHave.length > 0).map((e) => e.id)).toEqual([
      'step-1->step-2',
    ]);
    const plain = buildPhaseGraph(MACHINE, ended(t), UNROLLED);
    expect(plain.edges.every((e) => e.wouldHave.length === 0)).toBe(true);
  });

  it('ends on the phase the run stopped in when no step recorded it', async () => {
    const t = await trace('rca-search-stall', { reflection: { gating: 'off' } });
    const graph = buildPhaseGraph(MACHINE, ended(t), UNROLLED);
    expect(graph.nodes.at(-1)).toMatchObject({ id: 'end', label: 'Stalled', current: true });
    expect(edge(graph, 'step-2->end')).toMatchObject({
      kind: 'guard',
      transitions: ['stall-exit'],
    });
  });

  it('shows an escalation step as a stop with its guard', async () => {
    const t = await trace('shopops-hostile-loop');
    const graph = buildPhaseGraph(MACHINE, ended(t), UNROLLED);
    expect(node(graph, 'step-1')).toMatchObject({
      label: 'Escalated',
      detail: 'step 1 · duplicate call',
      tone: 'stop',
    });
    expect(edge(graph, 'step-0->step-1')).toMatchObject({
      kind: 'guard',
      pill: { text: 'observe\n→ choose-tool\n→ duplicate-escalate' },
    });
  });

  it('caps long runs with a notice and keeps the layout in rows', async () => {
    const t = await trace('rca-search-stall');
    const first = t.steps[0] as Step;
    const steps: Step[] = [];
    const path: PathEntry[] = [];
    for (let i = 0; i < 1200; i++) {
      steps.push({ ...first, index: i });
      path.push({ transition: 'choose-tool', step: i }, { transition: 'observe', step: i });
    }
    const graph = buildPhaseGraph(
      MACHINE,
      { path, steps, phase: 'gathering', live: false },
      { mode: 'unrolled', cap: 300, columns: 4 },
    );
    expect(graph.nodes).toHaveLength(300);
    expect(graph.notice).toBe('Showing the first 300 of 1,200 steps.');
    const rows = new Set(graph.nodes.map((n) => n.y));
    expect(rows.size).toBe(75);
  });

  it('follows the cursor', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(MACHINE, ended(t, { cursor: 1 }), UNROLLED);
    expect(graph.nodes.filter((n) => n.current).map((n) => n.id)).toEqual(['step-1']);
    const current = node(graph, 'step-1');
    expect(current.y).toBeGreaterThanOrEqual(graph.view.y);
    expect(current.y + current.height).toBeLessThanOrEqual(graph.view.y + graph.view.height);
    expect(graph.edges.filter((e) => e.last).map((e) => e.id)).toEqual(['step-0->step-1']);
  });

  it('shows where a live run is between steps', async () => {
    const t = await trace('rca-search-stall');
    const graph = buildPhaseGraph(
      MACHINE,
      { path: t.path.slice(0, 3), steps: t.steps.slice(0, 1), phase: 'reflecting', live: true },
      UNROLLED,
    );
    expect(graph.nodes.at(-1)).toMatchObject({ id: 'end', label: 'Reflecting', tag: 'now' });
    expect(graph.edges.filter((e) => e.animated).map((e) => e.id)).toEqual(['step-0->end']);
  });
});

describe('reason summaries', () => {
  it('puts the most frequent first and counts repeats', () => {
    expect(summariseReasons(['empty', 'found', 'found'])).toBe('found ×2 · empty');
  });

  it('says how many kinds it left out', () => {
    expect(summariseReasons(['a', 'b', 'c', 'd'])).toBe('a · b · +2 more');
  });

  it('is null without reasons', () => {
    expect(summariseReasons([])).toBeNull();
  });
});

describe('a pill’s count badge', () => {
  it('is five characters at most, so the width reserved for it holds at any length of run', () => {
    expect([1, 999, 9_999, 10_000, 100_000, 999_999, 2_500_000].map(countBadge)).toEqual([
      '×1',
      '×999',
      '×9999',
      '×10k',
      '×100k',
      '×999k',
      '×2M',
    ]);
  });
});
