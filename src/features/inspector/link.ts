/**
 * Pure: the inspector's link (docs/links.md): its scenario, the settings that differ from the
 * defaults (a lane token), the selected step and attempt, or the ones a link awaits. Never prompts, keys,
 * endpoints or the trace.
 */
import { viewHash } from '../../components/view-route';
import { settingsToken } from '../../state/lane-tokens';
import type { RunState } from '../../state/run-store';

/**
 * Pure: the hash that names what an inspector run store shows. A shown run is named too
 * (`run=<id>`: kept in this browser's library, so a reload opens it again; another browser
 * reproduces it from the scenario, settings and step).
 */
export function inspectorHash(
  state: Pick<
    RunState,
    | 'scenarioId'
    | 'overrides'
    | 'cursor'
    | 'awaitedStep'
    | 'attempt'
    | 'awaitedAttempt'
    | 'status'
    | 'shown'
  >,
  { copied = false }: { readonly copied?: boolean } = {},
): string {
  const run = state.status === 'idle' ? null : (state.shown ?? null);
  // A copied link goes to someone without this library: a live run is reproduced from the
  // scenario, settings and step; a run from elsewhere (a file, a fork) keeps its name, and the
  // other page says it lives in the sender's library.
  const named = run && !(copied && run.origin.kind === 'live') ? run.id : null;
  return viewHash('inspect', state.scenarioId, [], {
    settings: settingsToken(state.overrides),
    step: state.awaitedStep ?? state.cursor,
    attempt: state.awaitedAttempt ?? state.attempt,
    run: named,
  });
}
