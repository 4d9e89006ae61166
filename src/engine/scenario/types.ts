/** Scenario JSON v1: the data a loop runs on. See docs/headless-contract.md. */
import type { Mode } from '../config';
import type { ToolSpec } from '../types';

/**
 * How a call of a tool reads in captions (Loopscope extension; see `tool-phrase.ts` for the
 * placeholders). Without one, captions build a phrase from the tool's name and arguments.
 */
export interface ToolPhrase {
  /** A verb phrase in the base form, verb first: "look up order {case_id}". */
  readonly words: string;
  /** What one call is called ("lookup", "log search"); default "tool call". */
  readonly noun?: string;
  /** A shorter phrase for a repeat of the same tool ("search again"). */
  readonly again?: string;
  /**
   * How argument values read, where a value is an identifier a person would not write
   * ("db_pool_wait_ms" → "DB pool wait (ms)"). A value without one reads as given.
   */
  readonly terms?: Readonly<Record<string, string>>;
}

/** A tool as a scenario declares it: the model's `ToolSpec`, and how a call of it reads. */
export interface ScenarioTool extends ToolSpec {
  readonly phrase?: ToolPhrase;
}

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

/** One call the simulated model knows how to make, and what it says about it. */
export interface SimulatedCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** Why the model makes this call (its Thought, and the goal relation of a ReflAct reflection). */
  readonly thought: string;
  /** What the call's observation told it (a ReflAct "last discovery", a reflection's evidence). */
  readonly finding?: string;
}

/**
 * The project's simulated model: an LLM-like policy over the scenario, deterministic for a seed.
 * See docs/models.md ("Simulated model") for what each field does.
 */
export interface SimulatedModelSpec {
  readonly kind: 'simulated';
  /** Language of the model's own words and ReflAct labels. */
  readonly language?: 'en' | 'de';
  /** The useful calls, in the order a good investigator makes them. */
  readonly leads: readonly SimulatedCall[];
  /** Plausible calls that find nothing; the model tries these first. */
  readonly deadEnds?: readonly SimulatedCall[];
  /** The correct answer, given once every lead has been followed. */
  readonly answer: string;
  /** The answer it gives when it stops early or gives up (wrong or incomplete). */
  readonly partialAnswer?: string;
  /** Empty calls in a row after which the model changes course by itself (default: never). */
  readonly perseverance?: number;
  /** Chance (0..1) at each decision point that a ReAct model does not correct course by itself. */
  readonly drift?: number;
  /** Chance (0..1) after a finding, with leads left, that a ReAct model answers early (multi-hop). */
  readonly haste?: number;
  /** Factor (0..1) ReflAct's goal-grounded reflection multiplies drift and haste by. */
  readonly grounding?: number;
  /** Out of dead ends and not redirected: repeat the last call, or give up with the partial answer. */
  readonly onStuck?: 'repeat' | 'give-up';
  /** Chances (0..1) of the failure modes per action call. */
  readonly failures?: {
    readonly prose?: number;
    readonly repeat?: number;
    readonly fabricate?: number;
  };
  /** The answer a fabricating model gives (claims what no tool returned). */
  readonly fabricatedAnswer?: string;
  /** Simulated timing: time to first token, per output token, per prompt token. */
  readonly latency?: {
    readonly ttftMs?: number;
    readonly msPerToken?: number;
    readonly msPerPromptToken?: number;
  };
}

export type ModelSpec = ScriptedModelSpec | SimulatedModelSpec;

export interface Scenario {
  readonly format: 'loopscope.scenario';
  readonly version: 1;
  readonly id: string;
  readonly title: string;
  readonly task: string;
  /**
   * Extension: the agent's own instructions, sent after the mode's system prompt (a scenario
   * made from another tool's trace carries that trace's system prompt here).
   */
  readonly instructions?: string;
  readonly defaultMode?: Mode;
  readonly tags: readonly string[];
  readonly tools: readonly ScenarioTool[];
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
