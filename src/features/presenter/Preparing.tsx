import { usePresenter } from './presenter-context';
import { selectError, selectPhase, selectProgress } from './selectors';
import { BODY, HEADING, MUTED, STRONG } from './styles';

/** While both lanes record (a moment on the built-in model), or when one could not. */
export function Preparing() {
  const phase = usePresenter(selectPhase);
  const progress = usePresenter(selectProgress);
  const error = usePresenter(selectError);
  if (phase === 'failed') {
    return (
      <div role="alert" className="m-auto flex max-w-3xl flex-col gap-3 px-8 text-center">
        <p className={`${HEADING} ${STRONG}`}>The demo could not be recorded</p>
        <p className={`${BODY} ${MUTED}`}>
          {error} Pick another demo, or exit and run the scenario in the inspector to see why.
        </p>
      </div>
    );
  }
  return (
    <div
      role="status"
      className="m-auto flex max-w-3xl flex-col items-center gap-4 px-8 text-center"
    >
      <p className={`${HEADING} ${STRONG}`}>Recording both runs…</p>
      <ul className={`${BODY} ${MUTED}`}>
        {progress.map((lane) => (
          <li key={lane.label}>
            {lane.label}: {lane.status === 'done' ? 'recorded' : `${lane.steps} steps so far`}
          </li>
        ))}
      </ul>
    </div>
  );
}
