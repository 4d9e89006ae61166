import { describe, expect, it } from 'vitest';
import { summarise } from '../../projections/eval-matrix';
import {
  accuracy,
  compactCount,
  errorAdvice,
  exportFilename,
  groupErrors,
  mean,
  meansLines,
  runCountLine,
  seconds,
} from './format';

describe('the eval view in words', () => {
  it('counts compactly', () => {
    expect(compactCount(840.4)).toBe('840');
    expect(compactCount(2304)).toBe('2.3k');
    expect(compactCount(12_600)).toBe('13k');
  });

  it('shows means with one decimal, none when whole', () => {
    expect(mean(4)).toBe('4');
    expect(mean(0.75)).toBe('0.8');
    expect(mean(3.96)).toBe('4');
  });

  it('shows model time in seconds', () => {
    expect(seconds(0)).toBe('0 s');
    expect(seconds(5_790)).toBe('5.8 s');
    expect(seconds(12_400)).toBe('12 s');
  });

  it('says "–" for the accuracy of ungraded runs, and "0 s" and zeros for none', () => {
    const empty = summarise([]);
    expect(accuracy(empty)).toBe('–');
    expect(meansLines(empty)).toEqual(['0 calls · 0 refl', '0 tok · 0 s']);
  });

  it('names the download after the local date', () => {
    expect(exportFilename(new Date(2025, 0, 31, 23, 59), 'csv')).toBe(
      'loopscope-eval-2025-01-31.csv',
    );
    expect(exportFilename(new Date(2025, 10, 2), 'json')).toBe('loopscope-eval-2025-11-02.json');
  });

  it('spells out the matrix shape', () => {
    expect(runCountLine(14, 4, 1)).toBe('14 scenarios × 4 configs × 1 seed');
    expect(runCountLine(1, 1, 100)).toBe('1 scenario × 1 config × 100 seeds');
  });
});

describe('errors', () => {
  it('group by message, naming the first run and how many more', () => {
    const at = (scenario: string, seed: number, message: string, code?: string) => ({
      scenario,
      label: 'react+off',
      seed,
      message,
      ...(code ? { code } : {}),
    });
    expect(
      groupErrors([
        at('rca-a', 1, '401: check the API key', 'http_401'),
        at('rca-b', 1, 'The worker stopped'),
        at('rca-a', 2, '401: check the API key', 'http_401'),
        at('rca-c', 1, '401: check the API key', 'http_401'),
        { scenario: null, label: null, seed: null, message: 'No worker' },
      ]),
    ).toEqual([
      {
        message: '401: check the API key',
        code: 'http_401',
        first: 'rca-a · react+off · seed 1',
        more: 2,
      },
      { message: 'The worker stopped', code: null, first: 'rca-b · react+off · seed 1', more: 0 },
      { message: 'No worker', code: null, first: null, more: 0 },
    ]);
  });
});

describe('error advice', () => {
  it('adds what to do where the client’s message does not say', () => {
    expect(errorAdvice('http_503', 'The server answered 503 Service Unavailable.')).toMatch(
      /server's log.*lower Concurrent runs/,
    );
    expect(
      errorAdvice('http_429', 'The server answered 429 Too Many Requests; gave up after 3 tries.'),
    ).toMatch(/rate limiting/);
    expect(
      errorAdvice('http_429', 'no quota left (insufficient_quota); check its plan'),
    ).toBeNull();
    expect(errorAdvice('http_401', '401: check the API key')).toBeNull();
    expect(errorAdvice(null, 'The worker stopped')).toBeNull();
  });
});
