import type { RunFailure } from '../../state/run-store';
import type { Trace } from '../../engine';
import { useRunStore } from '../run';
import { selectError, selectTrace } from './selectors';

interface Notice {
  readonly tone: 'danger' | 'neutral';
  readonly title: string;
  readonly detail: string;
}

/** Pure: what to tell the user about how the run ended, or null when it simply answered. */
function noticeFor(trace: Trace | null, error: RunFailure | null): Notice | null {
  if (error)
    return {
      tone: 'danger',
      title: `The run could not run (${error.code})`,
      detail: error.message,
    };
  if (!trace) return null;
  if (trace.escalation) {
    return {
      tone: 'danger',
      title: `Escalated to a person: ${trace.escalation.reason}`,
      detail: trace.escalation.detail,
    };
  }
  if (trace.error) {
    return {
      tone: 'danger',
      title: `The run failed: ${trace.error.code}`,
      detail: trace.error.message,
    };
  }
  switch (trace.stopReason) {
    case 'stalled':
      return {
        tone: 'neutral',
        title: 'The run stalled',
        detail: `${trace.config.stallExit} tool calls in a row found nothing new.`,
      };
    case 'max_steps':
      return {
        tone: 'neutral',
        title: 'The run ran out of steps',
        detail: `It used all ${trace.config.maxSteps} action steps without an answer.`,
      };
    case 'cancelled':
      return {
        tone: 'neutral',
        title: 'The run was stopped',
        detail: 'It keeps the steps it recorded.',
      };
    default:
      return null;
  }
}

const TONES = {
  danger:
    'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/50 dark:text-rose-100',
  neutral:
    'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100',
} as const;

/** A banner when the run ended without an answer: escalation, error, stall, budget or stop. */
export function RunBanner() {
  const trace = useRunStore(selectTrace);
  const error = useRunStore(selectError);
  const notice = noticeFor(trace, error);
  if (!notice) return null;
  return (
    <div role="alert" className={`rounded-lg border px-4 py-3 text-sm ${TONES[notice.tone]}`}>
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-0.5">{notice.detail}</p>
    </div>
  );
}
