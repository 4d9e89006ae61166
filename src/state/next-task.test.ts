import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('runs after the current task and its microtasks, in the order asked', async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) => {
      nextTask(() => order.push('first'));
      nextTask(() => {
        order.push('second');
        resolve();
      });
    });
    void Promise.resolve().then(() => order.push('microtask'));
    order.push('now');
    await done;
    expect(order).toEqual(['now', 'microtask', 'first', 'second']);
  });
});
