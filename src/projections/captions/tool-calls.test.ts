import { describe, expect, it } from 'vitest';
import { parseScenario, type Scenario } from '../../engine';
import { builtinScenarios } from '../../scenarios';
import { describeCall } from './tool-calls';

const scenarios = builtinScenarios();

function scenarioOf(id: string): Scenario {
  const scenario = scenarios.find((candidate) => candidate.id === id);
  if (!scenario) throw new Error(`no scenario ${id}`);
  return scenario;
}

describe('a tool call in words', () => {
  it('reads the built-in tools from the phrasebook', () => {
    const help = scenarioOf('returns-laptop');
    const rca = scenarioOf('rca-checkout-latency');
    expect(describeCall('rag_search', { query: 'refund processing time' }, help)).toMatchObject({
      verb: 'search',
      rest: 'the help centre for “refund processing time”',
    });
    expect(describeCall('list_deploys', { service: 'checkout' }, rca)).toMatchObject({
      verb: 'look',
      rest: 'at the deploys of checkout',
    });
    expect(
      describeCall('get_metrics', { service: 'checkout', metric: 'db_pool_wait_ms' }, rca).rest,
    ).toBe('the DB pool wait (ms) metric of checkout');
  });

  it('falls back to the documents when a search tool does not say what it searches', () => {
    const german = scenarioOf('dg-agentur-contact');
    expect(describeCall('rag_search', { query: 'Öffnungszeiten' }, german).rest).toBe(
      'the documents for “Öffnungszeiten”',
    );
  });

  it('names any other tool with its arguments', () => {
    const words = describeCall(
      'open_valve',
      { valve_id: 'V-7', force: true },
      scenarioOf('shopops-happy'),
    );
    expect(words).toMatchObject({
      verb: 'call',
      rest: 'open_valve with valve_id “V-7”, force “true”',
    });
  });
});

/** A user's own scenario: tools Loopscope has never seen, one of them with its own phrase. */
function usersScenario(): Scenario {
  const parameters = (...names: string[]) => ({
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
  });
  return parseScenario({
    format: 'loopscope.scenario',
    version: 1,
    id: 'users-own',
    title: 'A user’s own',
    task: 'Find the late orders.',
    tools: [
      { name: 'search_orders', description: 'Search orders', parameters: parameters('status') },
      { name: 'getOrder', description: 'One order', parameters: parameters('id', 'verbose') },
      { name: 'order_lookup', description: 'One order', parameters: parameters('case_id') },
      {
        name: 'refund_order',
        description: 'Refund an order',
        parameters: parameters('id', 'reason'),
        phrase: {
          words: 'refund order {id}[ because {reason:quoted}]',
          noun: 'refund',
          again: 'refund again',
        },
      },
    ],
    model: { kind: 'scripted', turns: ['Action: answer none'] },
  });
}

describe('a tool call of a user’s own scenario', () => {
  const scenario = usersScenario();

  it('reads a tool without a phrase from its name and arguments', () => {
    expect(describeCall('search_orders', { status: 'late' }, scenario)).toEqual({
      verb: 'search',
      rest: 'orders with status “late”',
      noun: 'tool call',
    });
    expect(describeCall('search_orders', {}, scenario)).toMatchObject({
      verb: 'search',
      rest: 'orders',
    });
    expect(describeCall('getOrder', { id: 'O-1001', verbose: true }, scenario)).toMatchObject({
      verb: 'get',
      rest: 'order with id “O-1001”, verbose',
    });
    expect(describeCall('order_lookup', { case_id: 'C-7' }, scenario)).toMatchObject({
      verb: 'use',
      rest: 'order lookup with case_id “C-7”',
    });
  });

  it('uses the scenario’s own phrase, its noun and its words for a repeat', () => {
    expect(
      describeCall('refund_order', { id: 'O-1001', reason: 'never arrived' }, scenario),
    ).toEqual({
      verb: 'refund',
      rest: 'order O-1001 because “never arrived”',
      noun: 'refund',
      again: { verb: 'refund', rest: 'again' },
    });
    expect(describeCall('refund_order', { id: 'O-1001' }, scenario).rest).toBe('order O-1001');
  });

  it('falls back to the name when the phrase needs an argument the call lacks', () => {
    expect(describeCall('refund_order', { reason: 'late' }, scenario)).toEqual({
      verb: 'refund',
      rest: 'order with reason “late”',
      noun: 'tool call',
    });
  });

  it('takes the phrase from the scenario, not from the tool’s name', () => {
    const rca = scenarioOf('rca-checkout-latency');
    const renamed: Scenario = {
      ...rca,
      tools: rca.tools.map((tool) =>
        tool.name === 'list_deploys'
          ? { ...tool, phrase: { words: 'list the releases of {service}' } }
          : tool,
      ),
    };
    expect(describeCall('list_deploys', { service: 'checkout' }, renamed)).toMatchObject({
      verb: 'list',
      rest: 'the releases of checkout',
    });
    const { phrase: _phrase, ...bare } = rca.tools.find((tool) => tool.name === 'list_deploys')!;
    const withoutPhrase: Scenario = { ...rca, tools: [bare] };
    expect(describeCall('list_deploys', { service: 'checkout' }, withoutPhrase)).toMatchObject({
      verb: 'list',
      rest: 'deploys with service “checkout”',
    });
  });
});
