/** Pure: what the banner tells the user about how a run ended. No React. */
import type { Trace } from '../../engine';
import { guardName } from '../../projections/timeline';
import { stallTrap } from '../../projections/setting-traps';
import type { RunFailure } from '../../state/run-store';

export interface RunNotice {
  readonly tone: 'danger' | 'neutral';
  readonly title: string;
  /** What happened and what to do, in the engine's words. */
  readonly detail: string;
  /** The request got no response: show how to allow this page's origin (CORS). */
  readonly corsHelp: boolean;
}

/** The failure that got no response at all (the engine's `network` code). */
const NO_RESPONSE = 'network';

/** Pure: the notice for a run that ended without an answer, or null when it answered. */
export function runNotice(trace: Trace | null, error: RunFailure | null): RunNotice | null {
  if (error) {
    return {
      tone: 'danger',
      title: `The run could not run (${error.code})`,
      detail: error.message,
      corsHelp: error.code === NO_RESPONSE,
    };
  }
  if (!trace) return null;
  if (trace.escalation) {
    return {
      tone: 'danger',
      // The guard by the name people call it ("the duplicate guard"), not its identifier.
      title:
        trace.escalation.reason === 'model'
          ? 'Escalated to a person: the model asked for one'
          : `Escalated to a person by the ${guardName(trace.escalation.reason)}`,
      detail: trace.escalation.detail,
      corsHelp: false,
    };
  }
  if (trace.error) {
    return {
      tone: 'danger',
      title: `The model call failed (${trace.error.code})`,
      detail:
        trace.steps.length > 0
          ? `${trace.error.message} The steps recorded before it stay below.`
          : trace.error.message,
      corsHelp: trace.error.code === NO_RESPONSE,
    };
  }
  const neutral = (title: string, detail: string): RunNotice => ({
    tone: 'neutral',
    title,
    detail,
    corsHelp: false,
  });
  switch (trace.stopReason) {
    case 'stalled':
      return neutral(
        'The run stalled',
        `${trace.config.stallExit} tool calls in a row found nothing new.${
          trace.config.reflection.gating === 'off'
            ? ' Reflection was off: set Reflection gating to Adaptive in Settings and run again.'
            : stallTrap(trace.config)
              ? ` ${stallTrap(trace.config)}`
              : ''
        }`,
      );
    case 'max_steps':
      return neutral(
        'The run ran out of steps',
        `It used all ${trace.config.maxSteps} action steps without an answer.`,
      );
    case 'cancelled':
      return neutral('The run was stopped', 'It keeps the steps it recorded.');
    default:
      return null;
  }
}
