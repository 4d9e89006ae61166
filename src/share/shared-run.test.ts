import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, toNativeTraceJson } from '../engine';
import { findBuiltin } from '../scenarios';
import { sharedRunRecord } from './shared-run';

async function shopRun() {
  const scenario = findBuiltin('shopops-happy');
  if (!scenario) throw new Error('no shopops-happy');
  const trace = await runScenario(scenario, scenarioConfig(scenario));
  return { scenario, trace };
}

describe('sharedRunRecord: the page read back', () => {
  it('says so when the page holds no run (the template as built)', () => {
    expect(() => sharedRunRecord('null', [])).toThrow(/holds no run/);
    expect(() => sharedRunRecord(null, [])).toThrow(/holds no run/);
  });

  it('opens a recorded, finished run with the scenario the file carries', async () => {
    const { scenario, trace } = await shopRun();
    const record = sharedRunRecord(JSON.stringify(toNativeTraceJson(trace, scenario)), []);
    expect(record).toMatchObject({ status: 'done', scenario, trace, settings: trace.config });
    expect(record.origin).toEqual({ kind: 'imported', source: 'share page' });
  });

  it('names a scenario the page neither carries nor knows', async () => {
    const { trace } = await shopRun();
    const text = JSON.stringify(toNativeTraceJson(trace, null));
    expect(() => sharedRunRecord(text, [])).toThrow(/"shopops-happy"/);
  });
});
