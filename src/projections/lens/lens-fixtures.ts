/**
 * Hand-built traces for the lens's tests, shaped as an imported trace is: no guard records (every
 * policy allowed), a generic phase, no trigger, no path. Test support only.
 */
import { DEFAULT_CONFIG, ZERO_METRICS, type LoopConfig, type Step, type Trace } from '../../engine';

/** One recorded step: a tool call with its result, or an answer. */
export type StepSpec =
  | {
      readonly tool: string;
      readonly args?: Record<string, unknown>;
      readonly result: unknown;
      readonly ok?: boolean;
    }
  | { readonly answer: string };

/** Each model call costs this much (so costs are easy to count). */
export const CALL = { promptTokens: 100, completionTokens: 20, latencyMs: 500 } as const;

function stepOf(spec: StepSpec, index: number, attempt: number): Step {
  const base = {
    index,
    attempt,
    phase: 'gathering' as const,
    trigger: null,
    modelCall: {
      context: { conversation: 0, length: 1 },
      text: '',
      usage: { promptTokens: CALL.promptTokens, completionTokens: CALL.completionTokens },
      usageEstimated: false,
      latencyMs: CALL.latencyMs,
      ttftMs: null,
      reasoning: null,
      toolCall: null,
    },
    reflection: null,
    reward: null,
    framing: null,
    thought: null,
  };
  if ('answer' in spec) {
    return {
      ...base,
      phase: 'answering',
      kind: 'answer',
      decision: {
        intent: 'answer',
        action: null,
        evidenceRefs: [],
        policy: { outcome: 'allowed', reason: null },
        confidence: 0,
      },
      observation: null,
      answer: spec.answer,
    };
  }
  const ok = spec.ok ?? true;
  return {
    ...base,
    phase: 'acting',
    kind: 'action',
    decision: {
      intent: 'tool',
      action: { tool: spec.tool, args: spec.args ?? {} },
      evidenceRefs: [],
      policy: { outcome: 'allowed', reason: null },
      confidence: 0,
    },
    // The recorded flag says nothing: an importer may not know; the lens decides for itself.
    observation: { ok, result: spec.result, empty: false },
    answer: null,
  };
}

/** A trace of these steps (attempts split where `attempts` says, else one attempt). */
export function handTrace(specs: readonly StepSpec[], attempts: readonly number[] = []): Trace {
  let attempt = 1;
  const steps = specs.map((spec, index) => {
    if (attempts.includes(index)) attempt += 1;
    return stepOf(spec, index, attempt);
  });
  return {
    format: 'loopscope.trace',
    version: 1,
    scenario: 'imported',
    config: DEFAULT_CONFIG,
    stopReason: 'answer',
    escalation: null,
    error: null,
    answer: null,
    steps,
    metrics: ZERO_METRICS,
    path: [],
    forkedFrom: null,
    conversations: [[]],
  };
}

/** The trace with the path its steps took (an importer may leave the path out; a native run has it). */
export function withPath(trace: Trace): Trace {
  const path = trace.steps.flatMap((step) =>
    step.kind === 'answer'
      ? [
          { transition: 'choose-answer', step: step.index },
          { transition: 'answer-accepted', step: step.index },
        ]
      : [
          { transition: 'choose-tool', step: step.index },
          { transition: 'observe', step: step.index },
        ],
  );
  return { ...trace, path };
}

/** The default config with these changes (reflection settings merged field by field). */
export function configWith(
  change: Partial<Omit<LoopConfig, 'reflection'>> & {
    reflection?: Partial<LoopConfig['reflection']>;
  },
): LoopConfig {
  return {
    ...DEFAULT_CONFIG,
    ...change,
    reflection: { ...DEFAULT_CONFIG.reflection, ...change.reflection },
  };
}
