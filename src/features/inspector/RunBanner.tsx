import { FOCUS_RING } from '../../components';
import { CorsHelp } from '../endpoints';
import { useRunStore } from '../run';
import { runNotice } from './run-notice';
import { selectError, selectTrace } from './selectors';

const TONES = {
  danger:
    'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100',
  neutral:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100',
} as const;

/**
 * A banner when the run ended without an answer: what happened and what to do (escalation, a
 * model or endpoint error with its code, stall, step budget, stop). The steps stay visible below.
 */
export function RunBanner() {
  const trace = useRunStore(selectTrace);
  const error = useRunStore(selectError);
  const notice = runNotice(trace, error);
  if (!notice) return null;
  return (
    <div role="alert" className={`shrink-0 border-b px-4 py-2 text-sm ${TONES[notice.tone]}`}>
      <p className="wrap-anywhere">
        <span className="font-semibold">{notice.title}.</span> {notice.detail}
      </p>
      {notice.corsHelp && (
        <details className="mt-1">
          <summary
            className={`w-fit cursor-pointer rounded text-xs font-medium underline underline-offset-2 ${FOCUS_RING}`}
          >
            How to let this page reach a local server (CORS)
          </summary>
          <div className="mt-2">
            <CorsHelp />
          </div>
        </details>
      )}
    </div>
  );
}
