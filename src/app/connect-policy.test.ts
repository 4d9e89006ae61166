import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS_STORAGE_KEY, serialiseEndpoints, type UserEndpoint } from '../state';

const endpoint = (id: string, baseUrl: string): UserEndpoint => ({
  id,
  kind: 'user',
  name: id,
  baseUrl,
  model: 'm',
  protocol: 'text',
  includeUsage: true,
  stream: true,
  rememberKey: false,
});

/** A document that records the elements appended to its head. */
function fakePage(stored: string | null, { refuse = false } = {}) {
  const appended: { httpEquiv: string; content: string }[] = [];
  const document = {
    createElement: () => ({ httpEquiv: '', content: '' }),
    head: { append: (element: { httpEquiv: string; content: string }) => appended.push(element) },
  } as unknown as Document;
  const storage = {
    getItem: (key: string) => {
      if (refuse) throw new Error('SecurityError');
      return key === ENDPOINTS_STORAGE_KEY ? stored : null;
    },
  };
  return { page: { document, origin: 'http://127.0.0.1:4173', storage }, appended };
}

// The module installs the page's own policy when imported; these tests call its function on fakes.
vi.stubGlobal('window', { location: { origin: 'http://app.test' }, localStorage: null });
vi.stubGlobal('document', fakePage(null).page.document);
const { installConnectPolicy } = await import('./connect-policy');

describe('the connect policy the page adds at start', () => {
  it("names the saved endpoints' origins, and they are the origins the client may reach", () => {
    const saved = serialiseEndpoints([
      endpoint('endpoint-1', 'http://127.0.0.1:8080/v1'),
      endpoint('endpoint-2', 'https://api.openai.com/v1'),
      endpoint('endpoint-3', 'http://127.0.0.1:8080/other/v1'),
    ]);
    const { page, appended } = fakePage(saved);
    expect(installConnectPolicy(page)).toEqual([
      'http://127.0.0.1:4173',
      'http://127.0.0.1:8080',
      'https://api.openai.com',
    ]);
    expect(appended).toEqual([
      {
        httpEquiv: 'Content-Security-Policy',
        content: "connect-src 'self' http://127.0.0.1:8080 https://api.openai.com",
      },
    ]);
  });

  it('allows only the page itself with no endpoints, unreadable ones, or storage refused', () => {
    for (const { page, appended } of [
      fakePage(null),
      fakePage('{not json'),
      fakePage(null, { refuse: true }),
    ]) {
      expect(installConnectPolicy(page)).toEqual(['http://127.0.0.1:4173']);
      expect(appended.map((meta) => meta.content)).toEqual(["connect-src 'self'"]);
    }
  });

  it('is imported by the page right after schema-mode, before any module that fetches', () => {
    const source = readFileSync(new URL('../main.tsx', import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => line.startsWith('import '));
    expect(imports[0]).toMatch(/^import '\.\/app\/schema-mode';/);
    expect(imports[1]).toMatch(/^import '\.\/app\/connect-policy';/);
  });
});
