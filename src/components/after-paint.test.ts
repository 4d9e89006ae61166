import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './after-paint';

describe('afterPaint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs the task after the next frame, not in it', () => {
    vi.useFakeTimers();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const task = vi.fn();
    afterPaint(task);
    vi.runAllTimers();
    expect(task).not.toHaveBeenCalled();
    frames.shift()!();
    expect(task).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });

  it('still runs the task where there are no frames', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', undefined);
    const task = vi.fn();
    afterPaint(task);
    vi.runAllTimers();
    expect(task).toHaveBeenCalledOnce();
  });

  it('runs nothing once called off, before or after the frame', () => {
    vi.useFakeTimers();
    const frames = new Map<number, () => void>();
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      frames.set(frames.size + 1, callback);
      return frames.size;
    });
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    const early = vi.fn();
    afterPaint(early)();
    const late = vi.fn();
    const cancelLate = afterPaint(late);
    for (const frame of frames.values()) frame();
    cancelLate();
    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
