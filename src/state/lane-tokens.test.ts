import { describe, expect, it } from 'vitest';
import {
  laneLabel,
  laneToken,
  parseLaneToken,
  parseLaneTokens,
  readLaneTokens,
  readSettingsToken,
  settingsToken,
  shortLaneToken,
} from './lane-tokens';

describe('lane tokens', () => {
  it('carry every knob a compare lane can set (threshold, interval, attempts…) through a link', () => {
    const overrides = {
      mode: 'react',
      maxSteps: 8,
      stallExit: 4,
      reflection: { gating: 'adaptive', interval: 2, maxReflections: 3, stallThreshold: 2 },
      attempts: 2,
      rewardThreshold: 0.5,
    } as const;
    const token = laneToken(overrides);
    expect(parseLaneToken(token)?.overrides).toEqual(overrides);
    expect(laneToken(parseLaneToken(token)!.overrides)).toBe(token);
  });

  it('write a lane’s mode, gating and seed, and read them back', () => {
    const overrides = { mode: 'react', reflection: { gating: 'fixed' }, seed: 3 } as const;
    expect(laneToken(overrides)).toBe('react+fixed@3');
    expect(parseLaneToken('react+fixed@3')).toEqual({
      label: 'ReAct · fixed cadence · seed 3',
      overrides,
    });
    expect(parseLaneToken('reflact')).toEqual({ label: 'ReflAct', overrides: { mode: 'reflact' } });
    expect(parseLaneToken('adaptive')?.overrides).toEqual({ reflection: { gating: 'adaptive' } });
  });

  it('carry settings beyond mode, gating and seed as JSON, validated when read', () => {
    const overrides = {
      mode: 'react',
      maxSteps: 4,
      reflection: { gating: 'fixed', interval: 2 },
    } as const;
    expect(shortLaneToken(overrides)).toBeNull();
    const token = laneToken(overrides);
    expect(token).toBe(JSON.stringify(overrides));
    expect(parseLaneToken(token)).toEqual({
      label: 'ReAct · fixed cadence · 2 more settings',
      overrides,
    });
    expect(laneToken({})).toBe('{}');
    expect(parseLaneToken('{"mode":"fast"}')).toBeNull();
    expect(parseLaneToken('{not json')).toBeNull();
  });

  it('refuse what is not a lane', () => {
    for (const token of ['', 'react+react', 'react+reflact', 'fast', 'react@x', 'react@-1', '+']) {
      expect(parseLaneToken(token), token).toBeNull();
    }
  });

  it('name the lanes only when two to four are all valid', () => {
    expect(parseLaneTokens(['react', 'reflact'])?.map((lane) => lane.label)).toEqual([
      'ReAct',
      'ReflAct',
    ]);
    expect(parseLaneTokens(['react'])).toBeNull();
    expect(parseLaneTokens(['react', 'nonsense'])).toBeNull();
    expect(parseLaneTokens(['act', 'react', 'reflact', 'off', 'fixed'])).toBeNull();
  });

  it('say why a link’s lanes are not lanes', () => {
    expect(readLaneTokens([])).toEqual({ lanes: null, problem: null });
    expect(readLaneTokens(['react']).problem).toBe('The link names 1 lane; a compare has 2 to 4.');
    expect(readLaneTokens(['react', '{"mode":"fast"}']).problem).toMatch(
      /^Lane 2 of the link \("\{"mode":"fast"\}"\) is not a lane/,
    );
    expect(readLaneTokens(['react', 'reflact']).lanes).toHaveLength(2);
  });

  it('label settings for people', () => {
    expect(laneLabel({})).toBe('Defaults');
    expect(laneLabel({ reflection: { gating: 'off' } })).toBe('reflection off');
  });
});

describe('settings tokens (the inspector’s link)', () => {
  it('name no settings for the defaults, and read a missing token as the defaults', () => {
    expect(settingsToken({})).toBeNull();
    expect(settingsToken({ reflection: {} })).toBeNull();
    expect(readSettingsToken(null)).toEqual({ overrides: {}, problem: null });
  });

  it('write the short token when it says them all, else JSON, and read both back', () => {
    expect(settingsToken({ mode: 'act', seed: 4 })).toBe('act@4');
    expect(settingsToken({ seed: 3 })).toBe('@3');
    expect(readSettingsToken('@3').overrides).toEqual({ seed: 3 });
    expect(readSettingsToken('@').overrides).toBeNull();
    const saved = { reflection: { gating: 'fixed', interval: 2 }, maxSteps: 6 } as const;
    expect(readSettingsToken(settingsToken(saved)).overrides).toEqual(saved);
  });

  it('say why a token is not settings', () => {
    expect(readSettingsToken('fast+slow')).toEqual({
      overrides: null,
      problem:
        'The link\'s settings ("fast+slow") are not settings: a mode, a gating or both with an optional seed (react+fixed@3), or settings as JSON. The settings below are unchanged.',
    });
    expect(readSettingsToken('{"maxSteps":0}').overrides).toBeNull();
  });
});
