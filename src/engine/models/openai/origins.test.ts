import { describe, expect, it } from 'vitest';
import {
  allowsUrl,
  blockedOriginMessage,
  connectOrigins,
  connectPolicy,
  httpOrigin,
  policyCanName,
  reloadMessage,
} from './origins';

describe('the origins a page may connect to', () => {
  it('takes the origin of an http(s) base URL, never its path, query or credentials', () => {
    expect(httpOrigin('http://127.0.0.1:8080/v1')).toBe('http://127.0.0.1:8080');
    expect(httpOrigin(' https://API.OpenAI.com/v1?x=1 ')).toBe('https://api.openai.com');
    expect(httpOrigin('https://user:pass@host.example/v1')).toBe('https://host.example');
    expect(httpOrigin('https://host.example:443/v1')).toBe('https://host.example');
  });

  it('has no origin for other schemes or text that is no URL', () => {
    for (const url of [
      'javascript:alert(1)',
      'data:text/plain,x',
      'file:///etc/passwd',
      'nope',
      '',
    ])
      expect(httpOrigin(url)).toBeNull();
  });

  it('lists each origin once, in order, leaving out what a policy cannot name', () => {
    expect(
      connectOrigins([
        'http://127.0.0.1:8080/v1',
        'https://api.openai.com/v1',
        'http://127.0.0.1:8080/other/v1',
        'http://[::1]:8080/v1',
        'not a url',
      ]),
    ).toEqual(['http://127.0.0.1:8080', 'https://api.openai.com']);
  });

  it('writes the policy: self and the origins, so a text cannot add a directive', () => {
    expect(connectPolicy([])).toBe("connect-src 'self'");
    expect(connectPolicy(['http://127.0.0.1:8080', 'https://api.openai.com'])).toBe(
      "connect-src 'self' http://127.0.0.1:8080 https://api.openai.com",
    );
    expect(connectPolicy(['https://a.example; script-src *'])).toBe("connect-src 'self'");
  });

  it('names host names and IPv4 addresses, not IPv6 literals', () => {
    expect(policyCanName('http://localhost:11434')).toBe(true);
    expect(policyCanName('https://xn--bcher-kva.example')).toBe(true);
    expect(policyCanName('http://[::1]:8080')).toBe(false);
  });

  it('allows a URL whose origin is listed, any URL without a list, and no unparsable one', () => {
    const allowed = ['http://127.0.0.1:4173', 'http://127.0.0.1:8080'];
    expect(allowsUrl(allowed, 'http://127.0.0.1:8080/v1/chat/completions')).toBe(true);
    expect(allowsUrl(allowed, 'http://127.0.0.1:8081/v1/chat/completions')).toBe(false);
    expect(allowsUrl(allowed, 'https://127.0.0.1:8080/v1')).toBe(false);
    expect(allowsUrl(allowed, 'not a url')).toBe(false);
    expect(allowsUrl(undefined, 'https://anywhere.example/v1')).toBe(true);
  });

  it('says what to do: reload for an origin the page did not know, a host name for IPv6', () => {
    expect(blockedOriginMessage('http://127.0.0.1:8080')).toBe(
      'Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to http://127.0.0.1:8080.',
    );
    expect(reloadMessage(['http://a.test', 'http://b.test', 'http://c.test'])).toBe(
      'Loopscope connects only to the endpoints it knew when the page loaded. Reload to connect to http://a.test, http://b.test and http://c.test.',
    );
    expect(blockedOriginMessage('http://[::1]:8080')).toMatch(
      /cannot connect to http:\/\/\[::1\]:8080: .*Use a host name/,
    );
  });
});
