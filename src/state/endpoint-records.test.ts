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
