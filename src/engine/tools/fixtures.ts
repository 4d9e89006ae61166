/** Fixture matching: which canned result answers a tool call. */
import type { Fixture } from '../scenario/types';
import type { ToolCall } from '../types';
import { deepEqual } from './json';

/** One expected argument, with string values trimmed once up front. */
interface ExpectedArg {
  readonly key: string;
  readonly value: unknown;
  readonly trimmed: string | undefined;
}

interface PreparedFixture {
  readonly fixture: Fixture;
  readonly expected: readonly ExpectedArg[];
}

/** Finds the fixture that answers a call. */
export interface FixtureMatcher {
  match(call: ToolCall): Fixture | undefined;
}

const hasOwn = Object.prototype.hasOwnProperty;

function prepare(fixture: Fixture): PreparedFixture {
  const expected = Object.keys(fixture.args).map((key): ExpectedArg => {
    const value = fixture.args[key];
    return { key, value, trimmed: typeof value === 'string' ? value.trim() : undefined };
  });
  return { fixture, expected };
}

function argumentMatches(expected: ExpectedArg, args: ToolCall['args']): boolean {
  if (!hasOwn.call(args, expected.key)) return false;
  const actual = args[expected.key];
  if (expected.trimmed !== undefined) {
    return typeof actual === 'string' && actual.trim() === expected.trimmed;
  }
  return deepEqual(actual, expected.value);
}

/**
 * Pure: groups fixtures by tool name once. `match` returns the first fixture (in scenario order)
 * for the call's tool whose every `args` key equals the call's argument: strings after trimming
 * both sides, other values deep-equal. Extra call arguments are ignored (the fixture is a subset).
 */
export function createFixtureMatcher(fixtures: readonly Fixture[]): FixtureMatcher {
  const byTool = new Map<string, PreparedFixture[]>();
  for (const fixture of fixtures) {
    const group = byTool.get(fixture.tool);
    if (group) group.push(prepare(fixture));
    else byTool.set(fixture.tool, [prepare(fixture)]);
  }
  return {
    match(call) {
      const group = byTool.get(call.tool);
      if (!group) return undefined;
      for (const candidate of group) {
        if (candidate.expected.every((expected) => argumentMatches(expected, call.args))) {
          return candidate.fixture;
        }
      }
      return undefined;
    },
  };
}
