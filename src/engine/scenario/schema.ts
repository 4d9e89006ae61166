/** The zod 4 schema of Scenario JSON v1, with one-line messages that say what was expected. */
import { z } from 'zod';
import { crossFieldProblems } from './checks';
import { claimProblem } from './claim-safety';
import { describeValue, expectation, oneOf, valueAt } from './errors';
import { SCENARIO_FORMAT, SCENARIO_VERSION } from './format';
import { parseToolPhrase } from './tool-phrase';

export { SCENARIO_FORMAT, SCENARIO_VERSION } from './format';

const ID_PATTERN = /^[a-z0-9][a-z0-9._-]*$/i;
const TOOL_NAME_PATTERN = /^[A-Za-z_][\w.-]*$/;
const MODES = ['act', 'react', 'reflact'] as const;
const MODEL_KINDS = ['scripted', 'simulated'] as const;

/** zod error parameter: `expected <what>, got <input>`. */
function says(what: string) {
  return { error: (issue: { readonly input?: unknown }) => expectation(what, issue.input) };
}

function nonEmptyString(what = 'a non-empty string') {
  return z.string(says(what)).min(1, says(what));
}

function jsonObject(what: string) {
  return z.record(z.string(), z.unknown(), says(what));
}

function list<T extends z.ZodType>(item: T, what: string) {
  return z.array(item, says(what));
}

const ID = 'an id of letters, digits, ".", "_" or "-" starting with a letter or digit';
const TOOL_NAME = 'a tool name of letters, digits, "_", "." or "-" not starting with a digit';

/**
 * A claim must compile as `new RegExp(claim, 'i')` (the message carries the engine's reason) and
 * must not be a shape that backtracks catastrophically (`claim-safety.ts`).
 */
const claimSchema = nonEmptyString('a regular expression').superRefine((claim, context) => {
  try {
    new RegExp(claim, 'i');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.addIssue({
      code: 'custom',
      input: claim,
      message: `not a valid regular expression: ${reason}`,
    });
    return;
  }
  const problem = claimProblem(claim);
  if (problem) context.addIssue({ code: 'custom', input: claim, message: `refused: ${problem}` });
});

/** A phrase's words: a verb phrase whose placeholders parse (see `tool-phrase.ts`). */
const phraseWordsSchema = nonEmptyString('a verb phrase').superRefine((words, context) => {
  const parsed = parseToolPhrase(words);
  if (!parsed.ok) {
    context.addIssue({
      code: 'custom',
      input: words,
      message: `not a valid phrase: ${parsed.problem}`,
    });
  }
});

/** Extension: how a call of the tool reads in captions. */
const toolPhraseSchema = z.object(
  {
    words: phraseWordsSchema,
    noun: nonEmptyString().exactOptional(),
    again: phraseWordsSchema.exactOptional(),
    terms: z
      .record(z.string(), nonEmptyString('a term'), says('an object of value → term'))
      .exactOptional(),
  },
  says('a phrase object {words, noun?, again?, terms?}'),
);

const toolSchema = z.object(
  {
    name: nonEmptyString().regex(TOOL_NAME_PATTERN, says(TOOL_NAME)),
    description: z.string(says('a description string')),
    parameters: jsonObject('a JSON Schema object'),
    phrase: toolPhraseSchema.exactOptional(),
  },
  says('a tool object'),
);

const fixtureSchema = z.object(
  {
    tool: nonEmptyString('the name of a declared tool'),
    args: jsonObject('an object of arguments to match').default(() => ({})),
    result: z.unknown(),
  },
  says('a fixture object'),
);

const corpusDocumentSchema = z.object(
  { id: nonEmptyString(), title: z.string(says('a string')), text: z.string(says('a string')) },
  says('a corpus document object'),
);

const evidenceRuleSchema = z.object(
  {
    claim: claimSchema,
    requires: z.object({ field: nonEmptyString(), equals: z.unknown() }, says('an object')),
  },
  says('an evidence rule object'),
);

/** Extension: evidence rules on their own (the guards lens takes a user's for an imported trace). */
export const evidenceRulesSchema = list(evidenceRuleSchema, 'an array of evidence rules');

const answerCheckSchema = z.object(
  { answerIncludes: list(z.string(says('a string')), 'an array of strings') },
  says('an object'),
);

const STOP_REASONS = ['answer', 'escalate', 'max_steps', 'stalled', 'error', 'cancelled'] as const;
const ESCALATION_REASONS = ['duplicate_tool_call', 'fabrication', 'unparseable', 'model'] as const;

/** `expected`: the contract's `answerIncludes`, extended with the outcome a run should reach. */
const expectedSchema = z.object(
  {
    answerIncludes: list(z.string(says('a string')), 'an array of strings').default(() => []),
    stopReason: z.enum(STOP_REASONS, says(oneOf(STOP_REASONS))).exactOptional(),
    escalation: z.enum(ESCALATION_REASONS, says(oneOf(ESCALATION_REASONS))).exactOptional(),
  },
  says('an object'),
);

const scriptedModelSchema = z.object({
  kind: z.literal('scripted'),
  turns: list(z.string(says('a string')), 'an array of model turns (strings)'),
  reflections: list(z.string(says('a string')), 'an array of strings').exactOptional(),
});

const chance = (what: string) => z.number(says(what)).min(0, says(what)).max(1, says(what));
const CHANCE = 'a number from 0 to 1';
const simulatedCallSchema = z.object(
  {
    tool: nonEmptyString('the name of a declared tool'),
    args: jsonObject('an object of arguments'),
    thought: nonEmptyString(),
    finding: z.string(says('a string')).exactOptional(),
  },
  says('a call object {tool, args, thought, finding?}'),
);
const duration = z
  .number(says('a number of milliseconds ≥ 0'))
  .min(0, says('a number of milliseconds ≥ 0'));

/** The simulated model's behaviour (docs/models.md, "Simulated model"). */
const simulatedModelSchema = z.object({
  kind: z.literal('simulated'),
  language: z.enum(['en', 'de'], says('"en" or "de"')).exactOptional(),
  leads: list(simulatedCallSchema, 'an array of calls').min(1, says('at least one lead')),
  deadEnds: list(simulatedCallSchema, 'an array of calls').exactOptional(),
  answer: nonEmptyString(),
  partialAnswer: nonEmptyString().exactOptional(),
  drift: chance(CHANCE).exactOptional(),
  haste: chance(CHANCE).exactOptional(),
  perseverance: z
    .number(says('a whole number ≥ 1'))
    .int(says('a whole number ≥ 1'))
    .min(1, says('a whole number ≥ 1'))
    .exactOptional(),
  grounding: chance(CHANCE).exactOptional(),
  onStuck: z.enum(['repeat', 'give-up'], says('"repeat" or "give-up"')).exactOptional(),
  failures: z
    .object(
      {
        prose: chance(CHANCE).exactOptional(),
        repeat: chance(CHANCE).exactOptional(),
        fabricate: chance(CHANCE).exactOptional(),
      },
      says('an object of chances {prose?, repeat?, fabricate?}'),
    )
    .exactOptional(),
  fabricatedAnswer: nonEmptyString().exactOptional(),
  latency: z
    .object(
      {
        ttftMs: duration.exactOptional(),
        msPerToken: duration.exactOptional(),
        msPerPromptToken: duration.exactOptional(),
      },
      says('an object {ttftMs?, msPerToken?, msPerPromptToken?}'),
    )
    .exactOptional(),
});

const modelSchema = z.discriminatedUnion('kind', [scriptedModelSchema, simulatedModelSchema], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? expectation(oneOf(MODEL_KINDS), valueAt(issue.input, ['kind']))
      : expectation('a model object', issue.input),
});

const versionSchema = z.literal(SCENARIO_VERSION, {
  error: (issue) =>
    issue.input === undefined
      ? `expected ${SCENARIO_VERSION}, but it is missing (this build reads version ${SCENARIO_VERSION} only)`
      : `unsupported scenario version ${describeValue(issue.input)}; this build reads version ${SCENARIO_VERSION} only`,
});

/**
 * Scenario JSON v1. Unknown keys are stripped, and
 * `tags`, `fixtures`, `evidenceRules` and a fixture's `args` get empty defaults. Cross-field rules
 * (unique tool names and corpus ids, fixtures naming declared tools) run even when other fields
 * fail, so callers can report the earliest problem in the document.
 */
export const scenarioSchema = z
  .object(
    {
      format: z.literal(SCENARIO_FORMAT, says(`"${SCENARIO_FORMAT}"`)),
      version: versionSchema,
      id: nonEmptyString().regex(ID_PATTERN, says(ID)),
      title: nonEmptyString(),
      task: nonEmptyString(),
      instructions: nonEmptyString().exactOptional(),
      defaultMode: z.enum(MODES, says(oneOf(MODES))).exactOptional(),
      tags: list(z.string(says('a string')), 'an array of strings').default(() => []),
      tools: list(toolSchema, 'an array of tools'),
      fixtures: list(fixtureSchema, 'an array of fixtures').default(() => []),
      corpus: list(corpusDocumentSchema, 'an array of corpus documents').exactOptional(),
      evidenceRules: list(evidenceRuleSchema, 'an array of evidence rules').default(() => []),
      verify: answerCheckSchema.exactOptional(),
      expected: expectedSchema.exactOptional(),
      model: modelSchema,
    },
    says('a scenario object'),
  )
  .superRefine(
    (scenario, context) => {
      for (const problem of crossFieldProblems(scenario)) {
        context.addIssue({ code: 'custom', ...problem });
      }
    },
    { when: () => true },
  );
