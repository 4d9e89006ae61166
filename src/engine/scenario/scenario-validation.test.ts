import { describe, expect, it } from 'vitest';
import { ScenarioError } from './errors';
import { parseScenario } from './parse';

/** The smallest valid scenario, as a fresh object each time so tests can edit it. */
function minimal(): Record<string, unknown> {
  return {
    format: 'loopscope.scenario',
    version: 1,
    id: 'minimal-1',
    title: 'Minimal',
    task: 'Say hello.',
    tools: [{ name: 'get_order', description: 'Load an order', parameters: { type: 'object' } }],
    model: { kind: 'scripted', turns: ['Action: answer hello'] },
  };
}

function problem(input: unknown): ScenarioError {
  try {
    parseScenario(input);
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected parseScenario to throw');
}

function messageFor(edit: (scenario: Record<string, unknown>) => void): string {
  const scenario = minimal();
  edit(scenario);
  return problem(scenario).message;
}

describe('a valid scenario', () => {
  it('loads with empty defaults for tags, fixtures and evidence rules', () => {
    const scenario = parseScenario(minimal());
    expect(scenario).toMatchObject({ id: 'minimal-1', tags: [], fixtures: [], evidenceRules: [] });
    expect('corpus' in scenario).toBe(false);
    expect('defaultMode' in scenario).toBe(false);
  });

  it('strips unknown keys, also of a simulated model', () => {
    const lead = { tool: 'get_order', args: { case_id: 'O-1' }, thought: 'load it' };
    const input = {
      ...minimal(),
      $schema: 'x',
      model: { kind: 'simulated', persona: 'terse', leads: [lead], answer: 'done' },
    };
    const scenario = parseScenario(input);
    expect('$schema' in scenario).toBe(false);
    expect(scenario.model).toEqual({ kind: 'simulated', leads: [lead], answer: 'done' });
  });

  it('names a simulated call of an undeclared tool', () => {
    const model = {
      kind: 'simulated',
      leads: [{ tool: 'nope', args: {}, thought: 't' }],
      answer: 'x',
    };
    expect(() => parseScenario({ ...minimal(), model })).toThrow(
      /^\$\.model\.leads\[0\]\.tool: "nope" is not a declared tool/,
    );
  });

  it('names the path of a bad simulated-model field', () => {
    const model = { kind: 'simulated', leads: [{ tool: 'get_order', args: {} }], answer: 'x' };
    expect(() => parseScenario({ ...minimal(), model })).toThrow(
      /^\$\.model\.leads\[0\]\.thought: /,
    );
    const drifting = { kind: 'simulated', leads: [], answer: 'x', drift: 2 };
    expect(() => parseScenario({ ...minimal(), model: drifting })).toThrow(
      /^\$\.model\.leads: .*at least one lead/,
    );
  });

  it('gives a fixture without args an empty subset that matches every call', () => {
    const scenario = parseScenario({
      ...minimal(),
      fixtures: [{ tool: 'get_order', result: null }],
    });
    expect(scenario.fixtures).toEqual([{ tool: 'get_order', args: {}, result: null }]);
  });

  it('keeps the optional parts it is given', () => {
    const scenario = parseScenario({
      ...minimal(),
      defaultMode: 'reflact',
      corpus: [{ id: 'faq', title: 'FAQ', text: 'Returns within 30 days.' }],
      evidenceRules: [{ claim: '\\brefund', requires: { field: 'refundable', equals: true } }],
      verify: { answerIncludes: ['30 days'] },
    });
    expect(scenario.defaultMode).toBe('reflact');
    expect(scenario.corpus).toHaveLength(1);
    expect(scenario.evidenceRules[0]?.requires).toEqual({ field: 'refundable', equals: true });
  });
  it('keeps a tool’s phrase (a Loopscope extension)', () => {
    const phrase = { words: 'look up order {case_id}', noun: 'lookup', again: 'look again' };
    const tools = [
      {
        name: 'get_order',
        description: 'Load an order',
        parameters: { type: 'object', properties: { case_id: { type: 'string' } } },
        phrase,
      },
    ];
    expect(parseScenario({ ...minimal(), tools }).tools[0]?.phrase).toEqual(phrase);
    expect('phrase' in parseScenario(minimal()).tools[0]!).toBe(false);
  });
});

describe('an invalid scenario', () => {
  it('fails with a coded ScenarioError carrying the JSON path', () => {
    const error = problem({ ...minimal(), title: '' });
    expect(error).toBeInstanceOf(ScenarioError);
    expect(error).toMatchObject({
      code: 'invalid_scenario',
      path: '$.title',
      name: 'ScenarioError',
    });
    expect(error.message).toBe('$.title: expected a non-empty string, got ""');
  });

  it('reports a root that is not an object at $', () => {
    expect(problem([]).message).toBe('$: expected a scenario object, got an array');
    expect(problem(null)).toMatchObject({
      path: '$',
      message: '$: expected a scenario object, got null',
    });
  });

  it('names the supported version when the version differs', () => {
    expect(messageFor((s) => (s['version'] = 2))).toBe(
      '$.version: unsupported scenario version 2; this build reads version 1 only',
    );
    expect(messageFor((s) => delete s['version'])).toMatch(
      /^\$\.version: expected 1, but it is missing/,
    );
  });

  it('reports a missing field, a wrong format and a bad id', () => {
    expect(messageFor((s) => delete s['task'])).toBe(
      '$.task: expected a non-empty string, but it is missing',
    );
    expect(messageFor((s) => (s['format'] = 'other'))).toBe(
      '$.format: expected "loopscope.scenario", got "other"',
    );
    expect(messageFor((s) => (s['id'] = 'bad id!'))).toMatch(
      /^\$\.id: expected an id of letters.*, got "bad id!"$/,
    );
  });

  it('reports a bad default mode and lists the modes', () => {
    expect(messageFor((s) => (s['defaultMode'] = 'auto'))).toBe(
      '$.defaultMode: expected "act", "react" or "reflact", got "auto"',
    );
  });

  it('reports tool names that are empty, malformed or repeated', () => {
    const tool = (name: unknown) => ({ name, description: '', parameters: {} });
    expect(messageFor((s) => (s['tools'] = [tool('')]))).toBe(
      '$.tools[0].name: expected a non-empty string, got ""',
    );
    expect(messageFor((s) => (s['tools'] = [tool('ok'), tool('9lives')]))).toMatch(
      /^\$\.tools\[1\]\.name: expected a tool name/,
    );
    expect(messageFor((s) => (s['tools'] = [tool('a'), tool('b'), tool('a')]))).toBe(
      '$.tools[2].name: duplicate tool name "a" (first declared at $.tools[0])',
    );
  });

  it('requires tool parameters to be a JSON Schema object', () => {
    const tools = [{ name: 't', description: '', parameters: ['q'] }];
    expect(messageFor((s) => (s['tools'] = tools))).toBe(
      '$.tools[0].parameters: expected a JSON Schema object, got an array',
    );
  });

  it('requires each fixture to name a declared tool and to carry a result', () => {
    expect(
      messageFor(
        (s) =>
          (s['fixtures'] = [
            { tool: 'get_order', result: 1 },
            { tool: 'nope', result: 1 },
          ]),
      ),
    ).toBe('$.fixtures[1].tool: "nope" is not a declared tool (declared: get_order)');
    expect(messageFor((s) => (s['fixtures'] = [{ tool: 'get_order', args: {} }]))).toBe(
      '$.fixtures[0].result: expected a value (any JSON), but it is missing',
    );
  });

  it('requires each evidence claim to compile as a case-insensitive regex', () => {
    const rules = [
      { claim: 'refund', requires: { field: 'a', equals: 1 } },
      { claim: '(unclosed', requires: { field: 'a', equals: 1 } },
    ];
    const message = messageFor((s) => (s['evidenceRules'] = rules));
    expect(message).toMatch(
      /^\$\.evidenceRules\[1\]\.claim: not a valid regular expression: .*Unterminated group/,
    );
  });

  it('refuses a claim that backtracks catastrophically, naming its path', () => {
    const rules = [
      { claim: 'refund', requires: { field: 'a', equals: 1 } },
      { claim: '^(a+)+$', requires: { field: 'a', equals: 1 } },
    ];
    expect(messageFor((s) => (s['evidenceRules'] = rules))).toMatch(
      /^\$\.evidenceRules\[1\]\.claim: refused: a repeated group that itself repeats or alternates \(like "\(a\+\)\+"/,
    );
  });

  it('requires unique corpus ids', () => {
    const corpus = [
      { id: 'a', title: '', text: '' },
      { id: 'a', title: '', text: '' },
    ];
    expect(messageFor((s) => (s['corpus'] = corpus))).toBe(
      '$.corpus[1].id: duplicate corpus id "a" (first declared at $.corpus[0])',
    );
  });

  it('names the allowed model kinds', () => {
    expect(messageFor((s) => (s['model'] = { kind: 'gpt' }))).toBe(
      '$.model.kind: expected "scripted" or "simulated", got "gpt"',
    );
    expect(messageFor((s) => (s['model'] = { kind: 'scripted' }))).toBe(
      '$.model.turns: expected an array of model turns (strings), but it is missing',
    );
  });

  it('reports the first problem in document order, cross-field rules included', () => {
    const { model: _model, ...rest } = minimal();
    const modelFirst = { model: { kind: 'gpt' }, ...rest, title: '' };
    expect(problem(modelFirst).path).toBe('$.model.kind');
    const fixtureFirst = {
      ...rest,
      fixtures: [{ tool: 'nope', result: 1 }],
      model: { kind: 'gpt' },
    };
    expect(problem(fixtureFirst).path).toBe('$.fixtures[0].tool');
    expect(problem({ ...minimal(), title: '', task: '' }).path).toBe('$.title');
  });

  it('reports a malformed tool phrase at its JSON path', () => {
    const withPhrase = (phrase: unknown) => (s: Record<string, unknown>) =>
      (s['tools'] = [
        {
          name: 'get_order',
          description: 'Load an order',
          parameters: { type: 'object', properties: { case_id: { type: 'string' } } },
          phrase,
        },
      ]);
    expect(messageFor(withPhrase('look up order {case_id}'))).toBe(
      '$.tools[0].phrase: expected a phrase object {words, noun?, again?, terms?}, got "look up order {case_id}"',
    );
    expect(messageFor(withPhrase({ noun: 'lookup' }))).toBe(
      '$.tools[0].phrase.words: expected a verb phrase, but it is missing',
    );
    expect(messageFor(withPhrase({ words: 'look up order {case_id' }))).toBe(
      '$.tools[0].phrase.words: not a valid phrase: a "{" without its "}"',
    );
    expect(messageFor(withPhrase({ words: 'look up order {case_id:loud}' }))).toBe(
      '$.tools[0].phrase.words: not a valid phrase: "{case_id:loud}" is not an argument placeholder ({name} or {name:quoted})',
    );
    expect(messageFor(withPhrase({ words: '{case_id} is looked up' }))).toMatch(
      /^\$\.tools\[0\]\.phrase\.words: not a valid phrase: it must start with its verb/,
    );
    expect(messageFor(withPhrase({ words: 'look up order {case}' }))).toBe(
      '$.tools[0].phrase.words: {case} is not a parameter of get_order (parameters: case_id)',
    );
    expect(messageFor(withPhrase({ words: 'look up order {case_id}', again: 'look [again' }))).toBe(
      '$.tools[0].phrase.again: not a valid phrase: a "[" without its "]"',
    );
  });

  it('keeps every message on one line', () => {
    const error = problem({
      ...minimal(),
      evidenceRules: [{ claim: '[', requires: { field: 'f', equals: 1 } }],
    });
    expect(error.message).not.toMatch(/\n/);
  });
});
