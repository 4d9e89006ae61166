/**
 * The order lazy code loads in after the first paint (`app/lazy-views.ts` names the parts).
 * Pure scheduling: what loads is given, and so is what a quiet moment is.
 */

/** A lazy part's preload: resolves once its code is in. */
export type Preload = () => Promise<unknown>;

export interface PreloadPlan {
  /** Loaded at once, one after another: what the first view needs first. */
  readonly now: readonly Preload[];
  /** Then each at a quiet moment of its own: what only another view needs. */
  readonly quietly: readonly Preload[];
}

/**
 * Loads `plan.now` one after another, then each of `plan.quietly` once `quiet()` has resolved
 * for it. A part that fails is skipped (its view's boundary reports it when the view opens).
 */
export async function preloadInTurn(plan: PreloadPlan, quiet: () => Promise<void>): Promise<void> {
  const skip = () => undefined;
  for (const preload of plan.now) await preload().then(skip, skip);
  for (const preload of plan.quietly) {
    await quiet();
    await preload().then(skip, skip);
  }
}
