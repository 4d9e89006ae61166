/** Scenario JSON v1: the data a loop runs on. See docs/headless-contract.md. */
import type { Mode } from '../config';
import type { ToolSpec } from '../types';

export interface Fixture {
  readonly tool: string;
  /** Subset of the call's arguments that must match (strings compared after trimming). */
  readonly args: Readonly<Record<string, unknown>>;
  readonly result: unknown;
}

export interface CorpusDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

export interface EvidenceRule {
  /** Case-insensitive regular expression matched against an answer. */
  readonly claim: string;
  readonly requires: { readonly field: string; readonly equals: unknown };
}

export interface ScriptedModelSpec {
  readonly kind: 'scripted';
  readonly turns: readonly string[];
  readonly reflections?: readonly string[];
}

/** The project's simulated model (its fields arrive with the models issue; kept open here). */
export interface SimulatedModelSpec {
  readonly kind: 'simulated';
  readonly [key: string]: unknown;
}

export type ModelSpec = ScriptedModelSpec | SimulatedModelSpec;

export interface Scenario {
  readonly format: 'loopscope.scenario';
  readonly version: 1;
  readonly id: string;
  readonly title: string;
  readonly task: string;
  readonly defaultMode?: Mode;
  readonly tags: readonly string[];
  readonly tools: readonly ToolSpec[];
  readonly fixtures: readonly Fixture[];
  readonly corpus?: readonly CorpusDocument[];
  readonly evidenceRules: readonly EvidenceRule[];
  readonly verify?: { readonly answerIncludes: readonly string[] };
  /**
   * Grading only, never shown to the model. Extension: `stopReason` (default `answer`) and
   * `escalation` name the outcome a run should reach, for scenarios that should escalate.
   */
  readonly expected?: {
    readonly answerIncludes: readonly string[];
    readonly stopReason?: 'answer' | 'escalate' | 'max_steps' | 'stalled' | 'error' | 'cancelled';
    readonly escalation?: 'duplicate_tool_call' | 'fabrication' | 'unparseable' | 'model';
  };
  readonly model: ModelSpec;
}
