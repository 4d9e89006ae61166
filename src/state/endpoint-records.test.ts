import { describe, expect, it } from 'vitest';
import {
  BUILTIN_ENDPOINT,
  highestEndpointNumber,
  readStoredEndpoints,
  serialiseEndpoints,
  trimmedEndpoint,
  validateEndpoint,
  type UserEndpoint,
} from './endpoint-records';

const ENDPOINT: UserEndpoint = {
  id: 'endpoint-3',
  kind: 'user',
  name: 'Local',
  baseUrl: 'http://127.0.0.1:8080/v1',
  model: 'qwen2.5:7b',
  protocol: 'tools',
  includeUsage: false,
  stream: true,
  rememberKey: true,
};

describe('endpoint records', () => {
  it('name the first field with a problem, in words', () => {
    expect(validateEndpoint(ENDPOINT)).toBeNull();
    expect(validateEndpoint({ ...ENDPOINT, name: ' ' })?.field).toBe('name');
    expect(validateEndpoint({ ...ENDPOINT, name: '', baseUrl: 'nope' })?.field).toBe('name');
    expect(validateEndpoint({ ...ENDPOINT, baseUrl: 'ftp://host/v1' })?.message).toMatch(
      /^Base URL: enter an http/,
    );
    expect(validateEndpoint({ ...ENDPOINT, model: '' })?.message).toMatch(/^Model:/);
  });

  it('keep only their own fields, trimmed, and store no other field', () => {
    const extra = { ...ENDPOINT, name: '  Local  ', apiKey: 'sk-secret' } as UserEndpoint;
    expect(trimmedEndpoint(extra)).toEqual(ENDPOINT);
    const raw = serialiseEndpoints([BUILTIN_ENDPOINT, extra]);
    expect(raw).not.toContain('sk-secret');
    expect(readStoredEndpoints(raw).endpoints).toEqual([{ ...ENDPOINT, name: '  Local  ' }]);
  });

  it("keep the endpoint's own first-byte and idle limits, from 1 s to 1 hour", () => {
    const patient = { ...ENDPOINT, firstByteTimeoutMs: 300_000, idleTimeoutMs: 240_000 };
    expect(validateEndpoint(patient)).toBeNull();
    const raw = serialiseEndpoints([patient]);
    expect(readStoredEndpoints(raw).endpoints).toEqual([patient]);
    expect(validateEndpoint({ ...ENDPOINT, firstByteTimeoutMs: 0 })).toEqual({
      field: 'firstByteTimeoutMs',
      message:
        'First-byte limit: enter a number of seconds from 1 to 3600, or leave it empty for 60 s.',
    });
    expect(validateEndpoint({ ...ENDPOINT, idleTimeoutMs: Number.NaN })?.field).toBe(
      'idleTimeoutMs',
    );
    const tampered = raw.replace('240000', '-1');
    expect(readStoredEndpoints(tampered).warning).toMatch(/missing or wrong fields/);
  });

  it('keep whether replies stream; an endpoint saved before the option streams', () => {
    const whole = { ...ENDPOINT, stream: false };
    expect(readStoredEndpoints(serialiseEndpoints([whole])).endpoints).toEqual([whole]);
    const { stream: _, ...older } = ENDPOINT;
    const saved = JSON.stringify({ version: 1, endpoints: [{ ...older }] });
    expect(readStoredEndpoints(saved)).toEqual({
      endpoints: [{ ...ENDPOINT, stream: true }],
      warning: null,
    });
    const wrong = JSON.stringify({ version: 1, endpoints: [{ ...older, stream: 'no' }] });
    expect(readStoredEndpoints(wrong).warning).toMatch(/missing or wrong fields/);
  });

  it('number new ids after the highest stored one', () => {
    expect(highestEndpointNumber([])).toBe(0);
    expect(
      highestEndpointNumber([
        ENDPOINT,
        { ...ENDPOINT, id: 'endpoint-12' },
        { ...ENDPOINT, id: 'x' },
      ]),
    ).toBe(12);
  });
});
