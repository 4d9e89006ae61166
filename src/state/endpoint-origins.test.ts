import { describe, expect, it } from 'vitest';
import { originNeedingReload, reloadNote } from './endpoint-origins';

describe('a base URL the page cannot reach until it reloads', () => {
  const ALLOWED = ['http://127.0.0.1:4173', 'http://127.0.0.1:8080'];

  it('names the new origin as soon as the URL parses, never one the policy names', () => {
    expect(originNeedingReload('http://127.0.0.1:9090/v1', ALLOWED)).toBe('http://127.0.0.1:9090');
    expect(originNeedingReload('http://127.0.0.1:8080/other/v1', ALLOWED)).toBeNull();
    expect(originNeedingReload('http://127.0.0.1:90', ALLOWED)).toBe('http://127.0.0.1:90');
  });

  it('says nothing while the text is no URL yet, or when nothing limits the origins', () => {
    expect(originNeedingReload('http://', ALLOWED)).toBeNull();
    expect(originNeedingReload('', ALLOWED)).toBeNull();
    expect(originNeedingReload('https://api.example/v1', null)).toBeNull();
  });
});

describe('what the dialog says about origins the page cannot reach', () => {
  it('one reload sentence for those a reload lets in, its own sentence for an IPv6 literal', () => {
    const note = reloadNote(['http://127.0.0.1:9090', 'http://[::1]:8080', 'https://api.example']);
    expect(note.reload).toBe(
      'Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to http://127.0.0.1:9090 and https://api.example.',
    );
    expect(note.never).toHaveLength(1);
    expect(note.never[0]).toContain('cannot connect to http://[::1]:8080');
    expect(reloadNote(['http://[::1]:8080']).reload).toBeNull();
  });
});
