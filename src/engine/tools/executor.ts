/** The scenario tool executor: fixtures first, then corpus search for the two corpus tools. */
import type { Scenario } from '../scenario/types';
import type { ToolCall, ToolResult } from '../types';
import { type CorpusSearch, createLexicalSearch } from './corpus';
import { createFixtureMatcher } from './fixtures';
import { canonicalJson } from './json';
import { createRagSearch } from './rag';

/** Runs tool calls. The only place observations are minted. */
export interface ToolExecutor {
  run(call: ToolCall): ToolResult | Promise<ToolResult>;
}

/** The scenario executor: a ToolExecutor that always answers synchronously. */
export interface ScenarioExecutor extends ToolExecutor {
  run(call: ToolCall): ToolResult;
}

/** Tool names answered from the corpus when no fixture matches. */
export const CORPUS_TOOLS = ['rag_search', 'lexical_search'] as const;
export type CorpusTool = (typeof CORPUS_TOOLS)[number];

function isCorpusTool(name: string): name is CorpusTool {
  return name === 'rag_search' || name === 'lexical_search';
}

type Corpus = NonNullable<Scenario['corpus']>;

function failure(error: string): ToolResult {
  return { ok: false, result: { error } };
}

/** The first string-valued argument, in the arguments' own order. */
function firstString(args: ToolCall['args']): string | undefined {
  for (const value of Object.values(args)) if (typeof value === 'string') return value;
  return undefined;
}

/**
 * Pure and synchronous (never returns a promise): the first matching fixture answers with
 * `{ok: true, result}` (the fixture's own result value, not a copy). With a corpus, an unmatched
 * `rag_search` / `lexical_search` searches it with the call's first string argument. Anything
 * else fails with `{ok: false, result: {error}}` naming the tool and its canonical arguments.
 * Declared-tool checks are not made here (a call to an undeclared tool simply finds no fixture).
 */
export function createScenarioExecutor(scenario: Scenario): ScenarioExecutor {
  const fixtures = createFixtureMatcher(scenario.fixtures);
  const corpus = scenario.corpus;
  let searches: Record<CorpusTool, CorpusSearch> | undefined;
  const search = (documents: Corpus, tool: CorpusTool, query: string): ToolResult => {
    searches ??= {
      rag_search: createRagSearch(documents),
      lexical_search: createLexicalSearch(documents),
    };
    return { ok: true, result: searches[tool](query) };
  };
  return {
    run(call) {
      const fixture = fixtures.match(call);
      if (fixture) return { ok: true, result: fixture.result };
      if (corpus && isCorpusTool(call.tool)) {
        const query = firstString(call.args);
        if (query === undefined) return failure(`${call.tool} needs a query string.`);
        return search(corpus, call.tool, query);
      }
      return failure(`No fixture matches ${call.tool}(${canonicalJson(call.args)}).`);
    },
  };
}
