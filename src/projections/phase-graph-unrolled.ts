/**
 * The unrolled phase graph: the run as it happened, one node per step (capped), each edge the
 * transitions taken between two steps. A trailing node shows where the run is (or ended) when it
 * moved on after its last step. Pure.
 */
import type { PathEntry, PhaseId, Step, TransitionSpec } from '../engine';
import type {
  EdgePill,
  NodeTone,
  PhaseGraph,
  PhaseGraphEdge,
  PhaseGraphMachine,
  PhaseGraphNode,
  PhaseGraphOptions,
  PhaseGraphRun,
} from './phase-graph';
import { CHAIN, layoutChain } from './phase-graph-layout';
import { summariseReasons, transitionReason } from './phase-graph-reasons';
import { endingGrade, gradedLook, phaseTone } from './phase-graph-shared';

export const STEP_NODE = { width: 156, height: 48 } as const;

/** A pill's width: its longest line at 6.4 px a character plus padding, within the gap. */
const pillWidth = (lines: readonly string[]) =>
  Math.min(
    CHAIN.gap - 8,
    Math.max(56, Math.ceil(Math.max(...lines.map((l) => l.length)) * 6.4) + 20),
  );
/** One line of a pill in px. */
const LINE = 14;
/** Steps a row holds unless the options say. */
const DEFAULT_COLUMNS = 3;

const ESCALATION_WORDS: Record<string, string> = {
  duplicate_tool_call: 'duplicate call',
  fabrication: 'fabrication',
  unparseable: 'unparseable reply',
};

/** What one step node says: its label, second line and tone. */
function describeStep(step: Step): { label: string; detail: string; tone: NodeTone } {
  const at = `step ${step.index}`;
  switch (step.kind) {
    case 'action': {
      const tool = step.decision.action?.tool ?? 'tool call';
      if (step.decision.policy.outcome === 'denied') {
        return { label: tool, detail: `${at} · blocked duplicate`, tone: 'warn' };
      }
      const empty = step.observation?.empty ?? false;
      return {
        label: tool,
        detail: `${at} · ${empty ? 'empty' : 'found'}`,
        tone: empty ? 'empty' : 'phase',
      };
    }
    case 'reflection':
      return {
        label: 'Reflection',
        detail: `${at} · ${step.trigger ?? 'reflect'}`,
        tone: 'reflect',
      };
    case 'judge':
      return {
        label: 'Judge',
        detail: `${at} · score ${step.reward ?? 'unknown'}`,
        tone: 'reflect',
      };
    case 'attempt_reflection':
      return {
        label: 'Attempt reflection',
        detail: `${at} · reward ${step.reward ?? 'unknown'}`,
        tone: 'reflect',
      };
    case 'answer':
      return { label: 'Answer', detail: at, tone: 'success' };
    case 'escalate': {
      const reason = step.decision.policy.reason;
      const words = reason ? (ESCALATION_WORDS[reason] ?? reason) : 'by the model';
      return { label: 'Escalated', detail: `${at} · ${words}`, tone: 'stop' };
    }
    case 'reprompt':
      return { label: 'Reprompt', detail: `${at} · unparseable reply`, tone: 'warn' };
  }
}

const KIND_RANK: Record<TransitionSpec['kind'], number> = { flow: 0, gate: 1, fault: 2, guard: 3 };

/**
 * Pure: the path split between consecutive steps: `between[s]` holds the transitions from the
 * step before `s` into `s` (an entry leads into its step once it reaches the step's phase);
 * the last element holds what followed the last step.
 */
export function splitPath(
  path: readonly PathEntry[],
  steps: readonly Step[],
  target: (id: string) => PhaseId | undefined,
): PathEntry[][] {
  const between: PathEntry[][] = steps.map(() => []);
  let pending: PathEntry[] = [];
  let reached = -1;
  for (const entry of path) {
    pending.push(entry);
    const index = entry.step;
    if (index === null || index >= steps.length || index <= reached) continue;
    if (target(entry.transition) === steps[index]?.phase) {
      between[index] = pending;
      pending = [];
      reached = index;
    }
  }
  between.push(pending);
  return between;
}

/** Builds the unrolled graph (see `buildPhaseGraph`). Pure. */
export function buildUnrolled(
  machine: PhaseGraphMachine,
  run: PhaseGraphRun,
  options: PhaseGraphOptions,
): PhaseGraph {
  const specs = new Map(machine.transitions.map((spec) => [spec.id, spec]));
  const phases = new Map(machine.phases.map((phase) => [phase.id, phase]));
  // An attempt's scope draws its steps only; the trailing node only after the run's last step.
  const from = run.scope?.first ?? 0;
  const until = run.scope ? Math.min(run.steps.length, run.scope.last + 1) : run.steps.length;
  const total = Math.max(0, until - from);
  const shown = Math.min(total, Math.max(0, options.cap));
  const between = splitPath(run.path, run.steps, (id) => specs.get(id)?.to);
  const trailing =
    shown === total && until === run.steps.length ? (between[run.steps.length] ?? []) : [];
  const endPhase =
    trailing.length > 0 ? specs.get(trailing.at(-1)?.transition ?? '')?.to : undefined;
  const endSpec = endPhase ? phases.get(endPhase) : undefined;

  const cursor = run.cursor ?? null;
  const drawn = run.steps.slice(from, from + shown);
  const ids = drawn.map((step) => `step-${step.index}`);
  if (endSpec) ids.push('end');
  const currentId =
    cursor !== null && cursor >= from && cursor < from + shown
      ? `step-${cursor}`
      : (ids.at(-1) ?? null);
  const tag = (id: string) =>
    id === currentId ? (cursor !== null ? 'here' : run.live ? 'now' : 'end') : null;

  const nodes: Omit<PhaseGraphNode, 'x' | 'y'>[] = drawn.map((step) => {
    const described = describeStep(step);
    const graded = endingGrade(run, step.phase, step);
    const look = graded ? gradedLook(graded) : null;
    const { label } = described;
    const detail = look ? `${described.detail} · ${look.word}` : described.detail;
    const tone = look?.tone ?? described.tone;
    const id = `step-${step.index}`;
    return {
      id,
      label,
      detail,
      description: phases.get(step.phase)?.description ?? '',
      tone,
      phases: [step.phase],
      steps: [step.index],
      current: id === currentId,
      tag: tag(id),
      faint: false,
      ...STEP_NODE,
      pick: { select: null, step: step.index },
      ariaLabel: `Step ${step.index}: ${label}, ${look ? `${described.detail}, ${look.aria}` : detail}${id === currentId ? ', current' : ''}`,
    };
  });
  if (endSpec) {
    nodes.push({
      id: 'end',
      label: endSpec.label,
      detail: endSpec.ends === 'no' ? 'in progress' : 'stopped',
      description: endSpec.description,
      tone: phaseTone(endSpec),
      phases: [endSpec.id],
      steps: [],
      current: currentId === 'end',
      tag: tag('end'),
      faint: false,
      ...STEP_NODE,
      pick: { select: { kind: 'phase', id: endSpec.id }, step: null },
      ariaLabel: `${endSpec.label} phase${currentId === 'end' ? ', current' : ''}`,
    });
  }

  // The guards lens, by step: which transitions the loop would have taken at each step.
  const wouldAt = new Map<number, string[]>();
  for (const [transition, at] of run.wouldHave ?? []) {
    for (const index of at) wouldAt.set(index, [...(wouldAt.get(index) ?? []), transition]);
  }
  const edges: Omit<PhaseGraphEdge, 'points' | 'labelX' | 'labelY'>[] = [];
  for (let k = 1; k < ids.length; k++) {
    const source = ids[k - 1] as string;
    const target = ids[k] as string;
    const entries = between[from + k] ?? [];
    const transitions = entries.map((entry) => entry.transition);
    const kinds = transitions.map((id) => specs.get(id)?.kind ?? 'flow');
    const kind = kinds.reduce<TransitionSpec['kind']>(
      (worst, next) => (KIND_RANK[next] > KIND_RANK[worst] ? next : worst),
      'flow',
    );
    const reasons = entries
      .filter((entry) => specs.get(entry.transition)?.kind !== 'flow')
      .map((entry) =>
        transitionReason(entry, specs.get(entry.transition), run.steps, run.escalation ?? null),
      )
      .filter((reason): reason is string => reason !== null);
    // One transition a line: "observe", "→ reflect-stall".
    const lines =
      transitions.length > 0 ? transitions.map((id, i) => (i ? `→ ${id}` : id)) : ['next step'];
    const text = lines.join('\n');
    const primary =
      [...transitions].reverse().find((id) => specs.get(id)?.kind !== 'flow') ?? transitions.at(-1);
    const step = target === 'end' ? (entries.at(-1)?.step ?? null) : from + k;
    const would = step === null ? [] : (wouldAt.get(step) ?? []);
    const wouldText = would.length > 0 ? `would have: ${would.join(', ')}` : null;
    const detail = wouldText ?? summariseReasons(reasons);
    const pill: EdgePill = { badge: null, text, detail };
    const isLast = target === currentId;
    edges.push({
      id: `${source}->${target}`,
      source,
      target,
      kind,
      transitions,
      label: transitions.map((id) => specs.get(id)?.when ?? id).join('; '),
      pill,
      taken: 1,
      wouldHave: would.length > 0 && step !== null ? [step] : [],
      last: isLast,
      animated: isLast && run.live && cursor === null,
      faint: false,
      steps: step === null ? [] : [step],
      labelWidth: pillWidth(detail ? [...lines, detail] : lines),
      labelHeight: (lines.length + (detail ? 1 : 0)) * LINE + 8,
      pick: { select: primary ? { kind: 'transition', id: primary } : null, step },
      ariaLabel: [transitions.join(' then ') || 'next step', summariseReasons(reasons), wouldText]
        .filter(Boolean)
        .join(', '),
    });
  }

  const placed = layoutChain({
    nodes,
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      labelWidth: edge.labelWidth,
      labelHeight: edge.labelHeight,
    })),
    columns: options.columns ?? DEFAULT_COLUMNS,
  });
  // In view: the row of the current step and the row before it (a long run opens where it is).
  const at = (currentId ? placed.nodes.get(currentId) : undefined) ?? { x: 0, y: 0 };
  const top = Math.max(0, at.y - STEP_NODE.height - CHAIN.rowGap);
  const bottom = Math.min(placed.height, at.y + STEP_NODE.height + CHAIN.rowGap / 2);
  const view = { x: 0, y: top, width: placed.width, height: bottom - top };
  return {
    mode: 'unrolled',
    nodes: nodes.map((node) => ({ ...node, ...(placed.nodes.get(node.id) ?? { x: 0, y: 0 }) })),
    edges: edges.map((edge) => {
      const route = placed.edges.get(edge.id);
      return {
        ...edge,
        points: route?.points ?? [],
        labelX: route?.label.x ?? 0,
        labelY: route?.label.y ?? 0,
      };
    }),
    width: placed.width,
    height: placed.height,
    notice:
      shown < total
        ? `Showing the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} steps.`
        : null,
    view,
    hidden: 0,
    layoutKey: `${ids.length}:${ids.at(-1) ?? ''}:${options.columns ?? DEFAULT_COLUMNS}`,
  };
}
