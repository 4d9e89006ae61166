/**
 * Scenario rules that span several fields: unique names, fixtures that name declared tools, and
 * tool phrases that name the tool's own parameters.
 */
import { parseToolPhrase, phraseArguments } from './tool-phrase';

/** One cross-field problem: where it is (relative to the scenario root) and what is wrong. */
export interface CrossFieldProblem {
  readonly path: (string | number)[];
  readonly message: string;
  readonly input: unknown;
}

function entries(root: Record<string, unknown>, key: string): readonly unknown[] {
  const value = root[key];
  return Array.isArray(value) ? value : [];
}

function stringField(item: unknown, field: string): string | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const value = (item as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
}

/** Reports every repeat of a string `field` across the entries of `root[key]`. */
function duplicates(
  root: Record<string, unknown>,
  key: string,
  field: string,
  what: string,
): CrossFieldProblem[] {
  const firstAt = new Map<string, number>();
  const problems: CrossFieldProblem[] = [];
  entries(root, key).forEach((item, index) => {
    const value = stringField(item, field);
    if (value === undefined) return;
    const first = firstAt.get(value);
    if (first === undefined) firstAt.set(value, index);
    else {
      const message = `duplicate ${what} ${JSON.stringify(value)} (first declared at $.${key}[${first}])`;
      problems.push({ path: [key, index, field], message, input: value });
    }
  });
  return problems;
}

function declaredTools(root: Record<string, unknown>): Set<string> {
  const declared = new Set<string>();
  for (const tool of entries(root, 'tools')) {
    const name = stringField(tool, 'name');
    if (name !== undefined) declared.add(name);
  }
  return declared;
}

/** A simulated model's leads and dead ends must call declared tools. */
function undeclaredSimulatedTools(root: Record<string, unknown>): CrossFieldProblem[] {
  const model = root['model'];
  if (!Array.isArray(root['tools']) || model === null || typeof model !== 'object') return [];
  const declared = declaredTools(root);
  const list = [...declared].join(', ') || 'none';
  const problems: CrossFieldProblem[] = [];
  for (const key of ['deadEnds', 'leads']) {
    entries(model as Record<string, unknown>, key).forEach((call, index) => {
      const tool = stringField(call, 'tool');
      if (tool === undefined || declared.has(tool)) return;
      const message = `${JSON.stringify(tool)} is not a declared tool (declared: ${list})`;
      problems.push({ path: ['model', key, index, 'tool'], message, input: tool });
    });
  }
  return problems;
}

function undeclaredFixtureTools(root: Record<string, unknown>): CrossFieldProblem[] {
  if (!Array.isArray(root['tools'])) return []; // the tools problem itself is reported instead
  const declared = declaredTools(root);
  const list = [...declared].join(', ') || 'none';
  const problems: CrossFieldProblem[] = [];
  entries(root, 'fixtures').forEach((fixture, index) => {
    const tool = stringField(fixture, 'tool');
    if (tool === undefined || declared.has(tool)) return;
    const message = `${JSON.stringify(tool)} is not a declared tool (declared: ${list})`;
    problems.push({ path: ['fixtures', index, 'tool'], message, input: tool });
  });
  return problems;
}

function objectField(item: unknown, field: string): Record<string, unknown> | undefined {
  if (item === null || typeof item !== 'object') return undefined;
  const value = (item as Record<string, unknown>)[field];
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A tool phrase's placeholders must name parameters the tool declares (when it lists them). */
function unknownPhraseArguments(root: Record<string, unknown>): CrossFieldProblem[] {
  const problems: CrossFieldProblem[] = [];
  entries(root, 'tools').forEach((tool, index) => {
    const properties = objectField(objectField(tool, 'parameters'), 'properties');
    const phrase = objectField(tool, 'phrase');
    if (!properties || !phrase) return;
    const declared = Object.keys(properties);
    for (const field of ['words', 'again']) {
      const words = stringField(phrase, field);
      const parsed = words === undefined ? null : parseToolPhrase(words);
      if (!parsed?.ok) continue; // a malformed phrase is reported by the schema
      const unknown = phraseArguments(parsed.parts).find((name) => !declared.includes(name));
      if (unknown === undefined) continue;
      const name = stringField(tool, 'name') ?? 'the tool';
      const message = `{${unknown}} is not a parameter of ${name} (parameters: ${declared.join(', ') || 'none'})`;
      problems.push({ path: ['tools', index, 'phrase', field], message, input: words });
    }
  });
  return problems;
}

/**
 * Pure and defensive (runs on partly invalid input too, so problems can be ordered by position):
 * duplicate tool names, tool phrases naming undeclared parameters, duplicate corpus ids, and
 * fixtures or simulated calls whose `tool` is not declared.
 */
export function crossFieldProblems(scenario: unknown): CrossFieldProblem[] {
  if (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario)) return [];
  const root = scenario as Record<string, unknown>;
  return [
    ...duplicates(root, 'tools', 'name', 'tool name'),
    ...unknownPhraseArguments(root),
    ...undeclaredFixtureTools(root),
    ...duplicates(root, 'corpus', 'id', 'corpus id'),
    ...undeclaredSimulatedTools(root),
  ];
}
