/** Display names and colours the run view uses for the engine's enums. */
import type { Gating, Mode, StepKind, StopReason } from '../../engine';
import type { SelectOption } from '../../components';

export const MODE_OPTIONS: readonly SelectOption<Mode>[] = [
  { value: 'act', label: 'ACT' },
  { value: 'react', label: 'ReAct' },
  { value: 'reflact', label: 'ReflAct' },
];

export const GATING_OPTIONS: readonly SelectOption<Gating>[] = [
  { value: 'off', label: 'Off' },
  { value: 'fixed', label: 'Fixed cadence' },
  { value: 'adaptive', label: 'Adaptive' },
];

export const MODE_LABEL: Record<Mode, string> = { act: 'ACT', react: 'ReAct', reflact: 'ReflAct' };

export const KIND_LABEL: Record<StepKind, string> = {
  action: 'action',
  reflection: 'reflection',
  answer: 'answer',
  escalate: 'escalate',
  attempt_reflection: 'attempt reflection',
  reprompt: 'reprompt',
};

/** Badge colours per step kind; each pair keeps at least 4.5:1 contrast in its theme. */
export const KIND_BADGE: Record<StepKind, string> = {
  action: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  reflection: 'bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-100',
  answer: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  escalate: 'bg-rose-100 text-rose-900 dark:bg-rose-900/60 dark:text-rose-100',
  attempt_reflection:
    'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900/60 dark:text-fuchsia-100',
  reprompt: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
};

export const STOP_LABEL: Record<StopReason, string> = {
  answer: 'answer',
  escalate: 'escalate',
  max_steps: 'max steps',
  stalled: 'stalled',
  error: 'error',
  cancelled: 'cancelled',
};
