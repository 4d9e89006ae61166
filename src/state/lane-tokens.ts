/**
 * Pure: a lane's settings as a short URL token and back, so a view opened on given lanes (two
 * eval matrix cells) survives a reload. A token names the mode, the reflection gating or both,
 * with an optional seed: `react`, `fixed`, `reflact+adaptive`, `react+fixed@3`, or a seed alone
 * (`@3`). Settings beyond those (saved settings) ride as their JSON, validated when read.
 */
import { parseConfigOverrides, type ConfigOverrides, type Gating, type Mode } from '../engine';
import type { LaneSpec } from './compare-store';

const MODES: readonly Mode[] = ['act', 'react', 'reflact'];
const GATINGS: readonly Gating[] = ['off', 'fixed', 'adaptive'];
const MODE_NAMES: Readonly<Record<Mode, string>> = {
  act: 'ACT',
  react: 'ReAct',
  reflact: 'ReflAct',
};
const GATING_NAMES: Readonly<Record<Gating, string>> = {
  off: 'reflection off',
  fixed: 'fixed cadence',
  adaptive: 'adaptive',
};

const isMode = (part: string): part is Mode => (MODES as readonly string[]).includes(part);
const isGating = (part: string): part is Gating => (GATINGS as readonly string[]).includes(part);

/** How many settings past mode, gating and seed the overrides hold. */
function otherSettings(overrides: ConfigOverrides): number {
  const { mode: _mode, reflection, seed: _seed, ...rest } = overrides;
  const { gating: _gating, ...otherReflection } = reflection ?? {};
  return Object.keys(rest).length + Object.keys(otherReflection).length;
}

/** Pure: the short token of a lane's settings; null when they hold more than mode, gating, seed. */
export function shortLaneToken(overrides: ConfigOverrides): string | null {
  const { mode, reflection, seed } = overrides;
  const parts = [mode, reflection?.gating].filter((part) => part !== undefined);
  if (otherSettings(overrides) > 0 || (parts.length === 0 && seed === undefined)) return null;
  return seed === undefined ? parts.join('+') : `${parts.join('+')}@${seed}`;
}

/** Pure: the token of a lane's settings: the short form when it can say them all, else JSON. */
export function laneToken(overrides: ConfigOverrides): string {
  return shortLaneToken(overrides) ?? JSON.stringify(overrides);
}

/** Pure: a lane's name for its settings ("ReAct · fixed cadence · seed 3"). */
export function laneLabel(overrides: ConfigOverrides): string {
  const parts = [
    overrides.mode ? MODE_NAMES[overrides.mode] : null,
    overrides.reflection?.gating ? GATING_NAMES[overrides.reflection.gating] : null,
    overrides.seed === undefined ? null : `seed ${overrides.seed}`,
  ].filter((part): part is string => part !== null);
  const others = otherSettings(overrides);
  if (others > 0) parts.push(others === 1 ? '1 more setting' : `${others} more settings`);
  return parts.length > 0 ? parts.join(' · ') : 'Defaults';
}

/**
 * The validated settings in the order the token wrote them (the schema would reorder them), so a
 * token read back and written again is the same token.
 */
function inTokenOrder(raw: unknown, valid: ConfigOverrides): ConfigOverrides {
  const ordered: Record<string, unknown> = {};
  const source = valid as Record<string, unknown>;
  for (const key of Object.keys(raw as object)) {
    if (!(key in source)) continue;
    const value = source[key];
    ordered[key] =
      key === 'reflection' && typeof value === 'object' && value !== null
        ? inTokenOrder((raw as Record<string, unknown>)[key], value as ConfigOverrides)
        : value;
  }
  return ordered as ConfigOverrides;
}

/** Pure: the lane a token names; null when it is not one (an unknown word, a bad seed). */
export function parseLaneToken(token: string): LaneSpec | null {
  if (token.startsWith('{')) {
    try {
      const raw: unknown = JSON.parse(token);
      const overrides = inTokenOrder(raw, parseConfigOverrides(raw));
      return { label: laneLabel(overrides), overrides };
    } catch {
      return null;
    }
  }
  // A seed alone is `@3`; otherwise a mode, a gating or both, with an optional seed.
  const match = /^(?:([a-z+]+)(?:@(\d{1,9}))?|@(\d{1,9}))$/.exec(token);
  if (!match) return null;
  if (match[3] !== undefined) {
    const overrides: ConfigOverrides = { seed: Number(match[3]) };
    return { label: laneLabel(overrides), overrides };
  }
  const parts = match[1]!.split('+');
  const modes = parts.filter(isMode);
  const gatings = parts.filter(isGating);
  if (modes.length > 1 || gatings.length > 1 || modes.length + gatings.length !== parts.length) {
    return null;
  }
  const overrides: ConfigOverrides = {
    ...(modes[0] ? { mode: modes[0] } : {}),
    ...(gatings[0] ? { reflection: { gating: gatings[0] } } : {}),
    ...(match[2] === undefined ? {} : { seed: Number(match[2]) }),
  };
  return { label: laneLabel(overrides), overrides };
}

/** Pure: the lanes the tokens name, or null unless all 2–4 of them are lanes. */
export function parseLaneTokens(tokens: readonly string[]): LaneSpec[] | null {
  return readLaneTokens(tokens).lanes;
}

/**
 * Pure: the lanes the tokens name, or why they are not lanes (a sentence naming the token), or
 * neither when there are no tokens.
 */
export function readLaneTokens(tokens: readonly string[]): {
  readonly lanes: LaneSpec[] | null;
  readonly problem: string | null;
} {
  if (tokens.length === 0) return { lanes: null, problem: null };
  if (tokens.length < 2 || tokens.length > 4) {
    return {
      lanes: null,
      problem: `The link names ${tokens.length} lane${tokens.length === 1 ? '' : 's'}; a compare has 2 to 4.`,
    };
  }
  const lanes: LaneSpec[] = [];
  for (const [index, token] of tokens.entries()) {
    const lane = parseLaneToken(token);
    if (!lane) {
      const shown = token.length > 60 ? `${token.slice(0, 57)}…` : token;
      return {
        lanes: null,
        problem: `Lane ${index + 1} of the link ("${shown}") is not a lane: a mode, a gating or both with an optional seed (react+fixed@3), or settings as JSON.`,
      };
    }
    lanes.push(lane);
  }
  return { lanes, problem: null };
}

/**
 * Pure: the inspector's settings a link names (`settings=<token>`), or why the token names none
 * (a sentence naming it). No token: the defaults.
 */
export function readSettingsToken(token: string | null): {
  readonly overrides: ConfigOverrides | null;
  readonly problem: string | null;
} {
  if (token === null) return { overrides: {}, problem: null };
  const lane = parseLaneToken(token);
  if (lane) return { overrides: lane.overrides, problem: null };
  const shown = token.length > 60 ? `${token.slice(0, 57)}…` : token;
  return {
    overrides: null,
    problem: `The link's settings ("${shown}") are not settings: a mode, a gating or both with an optional seed (react+fixed@3), or settings as JSON. The settings below are unchanged.`,
  };
}

/** Pure: the token of the inspector's settings for a link; null when they are the defaults. */
export function settingsToken(overrides: ConfigOverrides): string | null {
  const { reflection, ...rest } = overrides;
  const named = [...Object.values(rest), ...Object.values(reflection ?? {})];
  return named.every((value) => value === undefined) ? null : laneToken(overrides);
}
