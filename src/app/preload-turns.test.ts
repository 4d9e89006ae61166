import { describe, expect, it } from 'vitest';
import { preloadInTurn, type Preload } from './preload-turns';

/** A preload that records when it starts and resolves (or fails) when told to. */
function part(name: string, log: string[]) {
  let settle: (ok: boolean) => void = () => undefined;
  const preload: Preload = () => {
    log.push(`start ${name}`);
    return new Promise((resolve, reject) => {
      settle = (ok) => (ok ? resolve(name) : reject(new Error(`${name} failed`)));
    });
  };
  return { preload, finish: (ok = true) => settle(ok) };
}

/** Lets every pending promise callback run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('preloadInTurn', () => {
  it('loads the first parts one after another, each after the last is in', async () => {
    const log: string[] = [];
    const [a, b] = [part('a', log), part('b', log)];
    const done = preloadInTurn({ now: [a.preload, b.preload], quietly: [] }, async () => undefined);
    await flush();
    expect(log).toEqual(['start a']);
    a.finish();
    await flush();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await done;
  });

  it('loads each later part only at a quiet moment of its own', async () => {
    const log: string[] = [];
    const quiets: (() => void)[] = [];
    const quiet = () =>
      new Promise<void>((resolve) => {
        log.push('wait for quiet');
        quiets.push(resolve);
      });
    const [first, x, y] = [part('first', log), part('x', log), part('y', log)];
    const done = preloadInTurn({ now: [first.preload], quietly: [x.preload, y.preload] }, quiet);
    await flush();
    first.finish();
    await flush();
    expect(log).toEqual(['start first', 'wait for quiet']);
    quiets[0]!();
    await flush();
    expect(log.at(-1)).toBe('start x');
    x.finish();
    await flush();
    // y waits for a quiet moment of its own, not the one x had.
    expect(log.at(-1)).toBe('wait for quiet');
    quiets[1]!();
    await flush();
    expect(log.at(-1)).toBe('start y');
    y.finish();
    await done;
  });

  it('goes on past a part that fails to load', async () => {
    const log: string[] = [];
    const [bad, good, later] = [part('bad', log), part('good', log), part('later', log)];
    const done = preloadInTurn(
      { now: [bad.preload, good.preload], quietly: [later.preload] },
      async () => undefined,
    );
    await flush();
    bad.finish(false);
    await flush();
    good.finish();
    await flush();
    later.finish(false);
    await expect(done).resolves.toBeUndefined();
    expect(log).toEqual(['start bad', 'start good', 'start later']);
  });
});
