import { describe, expect, it } from 'vitest';
import { RUN_FLAGS, EVAL_FLAGS, UsageError, parseArgs } from './args';
import { endpointSettings } from './endpoint';

const settingsOf = (...argv: string[]) => endpointSettings(parseArgs(argv, RUN_FLAGS), {});

describe('the first-byte and idle limits of an endpoint', () => {
  it('are given in seconds and reach the client in milliseconds', () => {
    const settings = settingsOf(
      '--endpoint',
      'http://127.0.0.1:8080/v1',
      '--model',
      'm',
      '--first-byte-timeout',
      '300',
      '--idle-timeout=2.5',
    );
    expect(settings).toMatchObject({ firstByteTimeoutMs: 300_000, idleTimeoutMs: 2_500 });
  });

  it('are left to the client when not given', () => {
    const settings = settingsOf('--endpoint', 'http://127.0.0.1:8080/v1', '--model', 'm');
    expect(settings).not.toHaveProperty('firstByteTimeoutMs');
    expect(settings).not.toHaveProperty('idleTimeoutMs');
  });

  it('are refused outside 1 to 3600 seconds, or without an endpoint', () => {
    expect(() => settingsOf('--first-byte-timeout', '0')).toThrow(
      new UsageError('--first-byte-timeout: expected a number of seconds from 1 to 3600, got "0"'),
    );
    expect(() => settingsOf('--idle-timeout', 'soon')).toThrow(/--idle-timeout: expected a number/);
    expect(() => settingsOf('--idle-timeout', '30')).toThrow(
      '--idle-timeout needs --endpoint URL --model NAME',
    );
  });

  it('are flags of loop eval too', () => {
    expect(EVAL_FLAGS).toEqual(expect.arrayContaining(['--first-byte-timeout', '--idle-timeout']));
  });
});

describe('--no-stream', () => {
  const endpoint = ['--endpoint', 'http://127.0.0.1:8080/v1', '--model', 'm'];

  it('asks the endpoint for whole replies; without it, replies stream', () => {
    expect(settingsOf(...endpoint, '--no-stream')).toMatchObject({ stream: false });
    expect(settingsOf(...endpoint)).toMatchObject({ stream: true });
  });

  it('is refused with a value, or without an endpoint', () => {
    expect(() => settingsOf(...endpoint, '--no-stream=1')).toThrow(
      new UsageError('--no-stream takes no value'),
    );
    expect(() => settingsOf('--no-stream')).toThrow(
      new UsageError('--no-stream needs --endpoint URL --model NAME'),
    );
  });

  it('is a flag of loop eval too', () => {
    const args = parseArgs([...endpoint, '--no-stream'], EVAL_FLAGS);
    expect(endpointSettings(args, {})).toMatchObject({ stream: false });
  });
});
