import { describe, expect, it } from 'vitest';
import { createScenarioExecutor } from './executor';
import { scenarioWith } from './test-scenarios';

const order = { order_total_cents: 24000, days_since_shipped: 32 };

describe('a tool call answered by fixtures', () => {
  it('returns the fixture result when the arguments match', () => {
    const executor = createScenarioExecutor(
      scenarioWith([{ tool: 'get_order', args: { case_id: 'O-1001' }, result: order }]),
    );
    expect(executor.run({ tool: 'get_order', args: { case_id: 'O-1001' } })).toEqual({
      ok: true,
      result: order,
    });
  });

  it('compares strings after trimming both the call and the fixture', () => {
    const executor = createScenarioExecutor(
      scenarioWith([
        { tool: 'get_order', args: { case_id: 'O-1001' }, result: 'first' },
        { tool: 'get_order', args: { case_id: '  O-2002 ' }, result: 'second' },
      ]),
    );
    expect(executor.run({ tool: 'get_order', args: { case_id: '  O-1001\n' } }).result).toBe(
      'first',
    );
    expect(executor.run({ tool: 'get_order', args: { case_id: 'O-2002' } }).result).toBe('second');
    expect(executor.run({ tool: 'get_order', args: { case_id: 'o-1001' } }).ok).toBe(false);
  });

  it('treats fixture args as a subset: extra call arguments are ignored, missing ones fail', () => {
    const executor = createScenarioExecutor(
      scenarioWith([{ tool: 'search', args: { q: 'boots' }, result: ['boot'] }]),
    );
    expect(executor.run({ tool: 'search', args: { limit: 5, q: 'boots' } }).ok).toBe(true);
    expect(executor.run({ tool: 'search', args: { limit: 5 } }).ok).toBe(false);
  });

  it('lets a fixture without args answer every call of its tool', () => {
    const executor = createScenarioExecutor(
      scenarioWith([{ tool: 'ping', args: {}, result: 'pong' }]),
    );
    expect(executor.run({ tool: 'ping', args: { anything: true } })).toEqual({
      ok: true,
      result: 'pong',
    });
  });

  it('uses the first matching fixture in scenario order', () => {
    const executor = createScenarioExecutor(
      scenarioWith([
        { tool: 'get_order', args: {}, result: 'generic' },
        { tool: 'get_order', args: { case_id: 'O-1' }, result: 'specific' },
      ]),
    );
    expect(executor.run({ tool: 'get_order', args: { case_id: 'O-1' } }).result).toBe('generic');
  });

  it('compares non-string values deeply and without coercion', () => {
    const executor = createScenarioExecutor(
      scenarioWith([
        { tool: 'find', args: { filter: { status: 'open', ids: [1, 2] } }, result: 'nested' },
        { tool: 'find', args: { page: 1 }, result: 'page one' },
      ]),
    );
    const run = (args: Record<string, unknown>) => executor.run({ tool: 'find', args });
    expect(run({ filter: { ids: [1, 2], status: 'open' } }).result).toBe('nested');
    expect(run({ filter: { ids: [2, 1], status: 'open' } }).ok).toBe(false);
    expect(run({ filter: { ids: [1, 2], status: ' open' } }).ok).toBe(false);
    expect(run({ page: '1' }).ok).toBe(false);
    expect(run({ page: 1 }).result).toBe('page one');
  });

  it('matches on the tool name as well as the arguments', () => {
    const executor = createScenarioExecutor(
      scenarioWith([{ tool: 'get_order', args: { case_id: 'O-1' }, result: 1 }]),
    );
    expect(executor.run({ tool: 'get_orders', args: { case_id: 'O-1' } }).ok).toBe(false);
  });
});

describe('a tool call no fixture answers', () => {
  it('fails with a message naming the tool and its canonical arguments', () => {
    const executor = createScenarioExecutor(
      scenarioWith([{ tool: 'get_order', args: { case_id: 'O-1001' }, result: order }]),
    );
    expect(executor.run({ tool: 'get_order', args: { case_id: 'O-9' } })).toEqual({
      ok: false,
      result: { error: 'No fixture matches get_order({"case_id":"O-9"}).' },
    });
    expect(executor.run({ tool: 'lookup', args: { b: 1, a: { d: 2, c: 3 } } }).result).toEqual({
      error: 'No fixture matches lookup({"a":{"c":3,"d":2},"b":1}).',
    });
  });

  it('treats corpus tools like any other tool when the scenario has no corpus', () => {
    const executor = createScenarioExecutor(scenarioWith([]));
    expect(executor.run({ tool: 'rag_search', args: { query: 'refund' } })).toEqual({
      ok: false,
      result: { error: 'No fixture matches rag_search({"query":"refund"}).' },
    });
  });
});
