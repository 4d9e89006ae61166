import { useEffect, useState } from 'react';
import { afterPaint } from '../../components';

/**
 * How far through its pieces `key` is drawn: 0 when `key` is new (the render that brings it),
 * then one more after each paint, up to `last`. The next piece waits for the paint of the one
 * before, so each piece's render and layout are a task apiece.
 */
export function useStage(key: unknown, last: number): number {
  const [state, setState] = useState({ key, stage: 0 });
  // A new key starts over in this very render (React's "state from the previous render" pattern).
  if (state.key !== key) setState({ key, stage: 0 });
  const stage = state.key === key ? Math.min(state.stage, last) : 0;
  // The frame loop is the outside system: a piece after each paint, called off on a new key.
  useEffect(() => {
    if (stage >= last) return undefined;
    return afterPaint(() =>
      setState((current) => (current.key === key ? { key, stage: current.stage + 1 } : current)),
    );
  }, [key, stage, last]);
  return stage;
}
