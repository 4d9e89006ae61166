/**
 * The guards lens in React: a provider for a run view's lens store, and the hooks the panes read
 * it through. Outside a provider (a compare lane, the share page) the lens stays hidden.
 */
import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useReducer,
  type ReactNode,
} from 'react';
import { useStore } from 'zustand';
import type { Lens } from '../../projections/lens';
import { createLensStore, lensSettings, lensShown, type LensStore } from '../../state/lens-store';
import { selectOrigin, selectTrace } from '../../state/run-selectors';
import type { RunState } from '../../state/run-store';
import { useRunStore } from '../run';
import { lensNow, whenLensBuilt } from './lens-builds';

const LensContext = createContext<LensStore | null>(null);
LensContext.displayName = 'lens store';

/** Where there is no provider: a lens the user cannot switch on. */
const HIDDEN = createLensStore('off');

/** Provides a run view's lens store (made by the view: `useState(() => createLensStore())`). */
export function LensProvider({
  store,
  children,
}: {
  readonly store: LensStore;
  readonly children: ReactNode;
}) {
  return <LensContext value={store}>{children}</LensContext>;
}

/** The lens store of this run view (a hidden one outside a provider). */
export function useLensStore(): LensStore {
  return useContext(LensContext) ?? HIDDEN;
}

/** Whether the lens shows for the shown run: the switch, else on for an imported run. */
export function useLensShown(): boolean {
  const choice = useStore(useLensStore(), (state) => state.choice);
  const origin = useRunStore(selectOrigin);
  return lensShown(choice, origin);
}

/**
 * The lens of the shown run when it shows, else null (computed once per trace and settings). A
 * trace newly shown gets its lens in React's deferred render after the first paint (building it
 * took 0.3–0.5 s of a 100,000-step trace's first render), a long trace's in pieces after that
 * (`lens-builds.ts`); until then, null.
 */
export function useLens(): Lens | null {
  const shown = useLensShown();
  const rules = useStore(useLensStore(), (state) => state.rules);
  const settled = useDeferredValue(useRunStore(selectTrace), null);
  const select = useCallback(
    (state: RunState) =>
      shown && state.trace !== null && state.trace === settled ? lensSettings(state, rules) : null,
    [shown, rules, settled],
  );
  const settings = useRunStore(select);
  const lens = settled && settings ? (lensNow(settled, settings) ?? null) : null;
  const [, built] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (lens || !settled || !settings) return;
    return whenLensBuilt(settled, settings, built);
  }, [lens, settled, settings]);
  return lens;
}
