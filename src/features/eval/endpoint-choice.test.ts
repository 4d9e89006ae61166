import { describe, expect, it } from 'vitest';
import { BUILTIN_ENDPOINT, type UserEndpoint } from '../../state/endpoints-store';
import { BUILTIN_MODELS } from '../../state/eval-store';
import { chosenEndpoint, hostOf, runTarget } from './endpoint-choice';

const LLAMA: UserEndpoint = {
  id: 'endpoint-1',
  kind: 'user',
  name: 'Local llama',
  baseUrl: 'http://127.0.0.1:8080/v1',
  model: 'qwen2.5:7b',
  protocol: 'tools',
  includeUsage: false,
  stream: false,
  rememberKey: true,
};

describe('the model the matrix runs on', () => {
  const endpoints = [BUILTIN_ENDPOINT, LLAMA];

  it('is the picked endpoint, or the built-in models', () => {
    expect(chosenEndpoint(endpoints, 'endpoint-1')).toBe(LLAMA);
    expect(chosenEndpoint(endpoints, BUILTIN_MODELS)).toBeNull();
  });

  it('falls back to the built-in models when the picked endpoint was removed', () => {
    expect(chosenEndpoint([BUILTIN_ENDPOINT], 'endpoint-1')).toBeNull();
  });

  it('goes to the worker with its settings and key, and nothing else of the endpoints store', () => {
    expect(runTarget(LLAMA, 'sk-1')).toEqual({
      name: 'Local llama',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'qwen2.5:7b',
      apiKey: 'sk-1',
      protocol: 'tools',
      includeUsage: false,
      stream: false,
    });
  });

  it("carries the page's allowed origins, for the worker's client to check", () => {
    const allowed = ['http://127.0.0.1:4173', 'http://127.0.0.1:8080'];
    expect(runTarget(LLAMA, null, allowed).allowedOrigins).toEqual(allowed);
    expect(runTarget(LLAMA, null, null)).not.toHaveProperty('allowedOrigins');
  });

  it("carries the endpoint's own first-byte and idle limits to the worker", () => {
    const patient = { ...LLAMA, firstByteTimeoutMs: 300_000, idleTimeoutMs: 240_000 };
    expect(runTarget(patient, null)).toMatchObject({
      firstByteTimeoutMs: 300_000,
      idleTimeoutMs: 240_000,
    });
  });

  it('is described by its host', () => {
    expect(hostOf('http://127.0.0.1:8080/v1')).toBe('127.0.0.1:8080');
    expect(hostOf('not a url')).toBe('not a url');
  });
});
