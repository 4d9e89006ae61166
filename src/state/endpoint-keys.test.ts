import { describe, expect, it } from 'vitest';
import { createEndpointKeys } from './endpoint-keys';
import type { UserEndpoint } from './endpoint-records';
import { createMemoryStorage } from './memory-storage';

const ENDPOINT: UserEndpoint = {
  id: 'endpoint-1',
  kind: 'user',
  name: 'Local',
  baseUrl: 'http://127.0.0.1:8080/v1',
  model: 'qwen2.5:7b',
  protocol: 'text',
  includeUsage: true,
  stream: true,
  rememberKey: false,
};
const REMEMBERED: UserEndpoint = { ...ENDPOINT, rememberKey: true };

describe('endpoint keys', () => {
  it('keep a key in memory only, unless the endpoint remembers it for the tab', () => {
    const session = createMemoryStorage();
    const keys = createEndpointKeys(session, []);
    keys.set(ENDPOINT, '  sk-one  ');
    expect(keys.get('endpoint-1')).toBe('sk-one');
    expect(session.entries().size).toBe(0);
    keys.sync(REMEMBERED);
    expect([...session.entries().values()]).toEqual(['sk-one']);
    keys.sync(ENDPOINT);
    expect(session.entries().size).toBe(0);
    expect(keys.ids()).toEqual(['endpoint-1']);
  });

  it('clear with a blank key or forget, in memory and in the session', () => {
    const session = createMemoryStorage();
    const keys = createEndpointKeys(session, []);
    keys.set(REMEMBERED, 'sk-one');
    keys.set(REMEMBERED, '   ');
    expect(keys.get('endpoint-1')).toBeNull();
    keys.set(REMEMBERED, 'sk-two');
    keys.forget('endpoint-1');
    expect(keys.get('endpoint-1')).toBeNull();
    expect(keys.ids()).toEqual([]);
    expect(session.entries().size).toBe(0);
  });

  it('bring back only the remembered keys, and carry on when the session storage refuses', () => {
    const session = createMemoryStorage();
    createEndpointKeys(session, []).set(REMEMBERED, 'sk-kept');
    expect(createEndpointKeys(session, [REMEMBERED]).get('endpoint-1')).toBe('sk-kept');
    expect(createEndpointKeys(session, [ENDPOINT]).get('endpoint-1')).toBeNull();
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const keys = createEndpointKeys(refusing, [REMEMBERED]);
    expect(keys.get('endpoint-1')).toBeNull();
    keys.set(REMEMBERED, 'sk-memory');
    expect(keys.get('endpoint-1')).toBe('sk-memory');
  });
});
