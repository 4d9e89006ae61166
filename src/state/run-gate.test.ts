import { describe, expect, it } from 'vitest';
import { createRunGate } from './run-gate';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('the run gate', () => {
  it('lets calls through while open', async () => {
    expect(await settled(createRunGate().wait())).toBe(true);
  });

  it('holds calls while paused until the run resumes', async () => {
    const gate = createRunGate();
    gate.pause();
    const waiting = gate.wait();
    expect(await settled(waiting)).toBe(false);
    gate.resume();
    expect(await settled(waiting)).toBe(true);
  });

  it('lets exactly one call through per Step and stays paused', async () => {
    const gate = createRunGate();
    gate.pause();
    const first = gate.wait();
    const second = gate.wait();
    gate.step();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(false);
    expect(gate.paused).toBe(true);
  });

  it('a Step before the call arrives is kept for it', async () => {
    const gate = createRunGate();
    gate.pause();
    gate.step();
    expect(await settled(gate.wait())).toBe(true);
    expect(await settled(gate.wait())).toBe(false);
  });

  it('rejects a waiting call when the run is aborted', async () => {
    const gate = createRunGate();
    gate.pause();
    const controller = new AbortController();
    const waiting = gate.wait(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeDefined();
  });
});
