import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createScenarioExecutor } from '../tools';
import { parseScenarioText } from './parse';

/** The contract's example scenario (a copy of shared/scenarios/smoke-shopops.json). */
const SMOKE_FILE = new URL('./fixtures/smoke-shopops.json', import.meta.url);

describe('the shared ShopOps smoke scenario (the example file of the contract)', () => {
  it('loads and answers its scripted tool calls from fixtures', () => {
    const scenario = parseScenarioText(readFileSync(SMOKE_FILE, 'utf8'));
    expect(scenario).toMatchObject({
      id: 'smoke-shopops',
      defaultMode: 'react',
      evidenceRules: [],
    });
    expect(scenario.model.kind).toBe('scripted');
    const executor = createScenarioExecutor(scenario);
    expect(executor.run({ tool: 'get_order', args: { case_id: 'O-1001' } })).toEqual({
      ok: true,
      result: { order_total_cents: 24000, days_since_shipped: 32 },
    });
  });
});
