import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../engine';
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
    ).toBe('the db pool wait ms metric of checkout');
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
      rest: 'open_valve with valve id “V-7”, force “true”',
    });
  });
});
