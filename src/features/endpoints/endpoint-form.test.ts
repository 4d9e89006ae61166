import { describe, expect, it } from 'vitest';
import type { UserEndpoint } from '../../state/endpoints-store';
import { BLANK_ENDPOINT, endpointInput, formValues, hostOf } from './endpoint-form';

const ENDPOINT: UserEndpoint = {
  id: 'endpoint-1',
  kind: 'user',
  name: 'Local llama',
  baseUrl: 'http://127.0.0.1:8080/v1',
  model: 'qwen2.5:7b',
  protocol: 'tools',
  includeUsage: false,
  stream: true,
  rememberKey: true,
};

describe('the endpoint form', () => {
  it('opens an endpoint with its fields and an empty key', () => {
    expect(formValues(ENDPOINT)).toEqual({
      name: 'Local llama',
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'qwen2.5:7b',
      protocol: 'tools',
      includeUsage: false,
      stream: true,
      rememberKey: true,
      firstByteTimeoutS: '',
      idleTimeoutS: '',
      apiKey: '',
    });
  });

  it("shows the endpoint's limits in seconds and saves them in milliseconds; empty is the default", () => {
    const patient = { ...ENDPOINT, firstByteTimeoutMs: 300_000 };
    const values = formValues(patient);
    expect(values).toMatchObject({ firstByteTimeoutS: '300', idleTimeoutS: '' });
    expect(endpointInput({ ...values, idleTimeoutS: ' 2.5 ' })).toMatchObject({
      firstByteTimeoutMs: 300_000,
      idleTimeoutMs: 2_500,
    });
    expect(endpointInput({ ...values, firstByteTimeoutS: '' }).firstByteTimeoutMs).toBeUndefined();
  });

  it('streams replies for a new endpoint; an endpoint that does not opens and saves so', () => {
    expect(BLANK_ENDPOINT.stream).toBe(true);
    const whole = formValues({ ...ENDPOINT, stream: false });
    expect(whole.stream).toBe(false);
    expect(endpointInput(whole).stream).toBe(false);
    expect(endpointInput({ ...whole, stream: true }).stream).toBe(true);
  });

  it('never hands the key to the endpoint it saves', () => {
    const input = endpointInput({ ...BLANK_ENDPOINT, name: 'x', apiKey: 'sk-secret' });
    expect(JSON.stringify(input)).not.toContain('sk-secret');
  });

  it('shows only the host of a base URL', () => {
    expect(hostOf('https://api.example.com/v1?token=abc')).toBe('api.example.com');
    expect(hostOf('not a url')).toBe('not a url');
  });
});
