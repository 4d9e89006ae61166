import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, scenarioConfig as engineScenarioConfig } from '../engine';
import { builtinScenarios } from '../scenarios';
import { scenarioConfig } from './scenario-config';

const contact = builtinScenarios().find((scenario) => scenario.id === 'dg-agentur-contact');
if (!contact) throw new Error('dg-agentur-contact is a built-in scenario');

describe('scenarioConfig', () => {
  it("takes the scenario's default mode when the user sets none", () => {
    expect(scenarioConfig(contact).mode).toBe('reflact');
    expect(scenarioConfig(contact, { mode: 'act' }).mode).toBe('act');
  });

  it('has every setting, the overrides over the defaults', () => {
    const config = scenarioConfig(contact, { seed: 7, reflection: { interval: 4 } });
    expect(Object.keys(config).sort()).toEqual(Object.keys(DEFAULT_CONFIG).sort());
    expect(config.seed).toBe(7);
    expect(config.reflection).toEqual({ ...DEFAULT_CONFIG.reflection, interval: 4 });
  });

  it('resolves exactly as a run does', () => {
    const overrides = { mode: 'react', reflection: { gating: 'adaptive' } } as const;
    expect(scenarioConfig(contact, overrides)).toEqual(engineScenarioConfig(contact, overrides));
  });
});
