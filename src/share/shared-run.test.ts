import { describe, expect, it } from 'vitest';
import { runScenario, scenarioConfig, toNativeTraceJson } from '../engine';
import { findBuiltin } from '../scenarios';
import { sharedCompareJson } from './share-page';
import { sharedRunRecord, sharedView } from './shared-run';

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

describe('sharedView: a compare', () => {
  async function lane(label: string, overrides: Parameters<typeof scenarioConfig>[1]) {
    const scenario = findBuiltin('shopops-happy');
    if (!scenario) throw new Error('no shopops-happy');
    const trace = await runScenario(scenario, scenarioConfig(scenario, overrides));
    return { label, trace, run: toNativeTraceJson(trace, scenario) };
  }

  it('reads each lane back with its label, trace and scenario', async () => {
    const lanes = [await lane('react', { mode: 'react' }), await lane('act', { mode: 'act' })];
    const text = JSON.stringify(sharedCompareJson(lanes.map(({ label, run }) => ({ label, run }))));
    const view = sharedView(text, []);
    if (view.kind !== 'compare') throw new Error(`a ${view.kind}`);
    expect(view.lanes.map((each) => each.label)).toEqual(['react', 'act']);
    expect(view.lanes.map((each) => each.record.trace)).toEqual(lanes.map((each) => each.trace));
    expect(view.lanes[0]?.record.scenario.id).toBe('shopops-happy');
  });

  it('refuses one lane, and lanes without labels', async () => {
    const one = await lane('react', {});
    expect(() => sharedView(JSON.stringify(sharedCompareJson([one])), [])).toThrow(/2 to 4 lanes/);
    const unlabelled = { format: 'loopscope.compare', version: 1, lanes: [{ run: one.run }, one] };
    expect(() => sharedView(JSON.stringify(unlabelled), [])).toThrow(/Lane 1 has no label/);
  });

  it('a single run is a run; sharedRunRecord refuses a compare', async () => {
    const one = await lane('react', {});
    expect(sharedView(JSON.stringify(one.run), []).kind).toBe('run');
    const both = JSON.stringify(sharedCompareJson([one, one]));
    expect(() => sharedRunRecord(both, [])).toThrow(/a compare, not one run/);
  });
});
