/** Display names the inspector's top bar uses for the engine's enums. */
import type { Mode, StopReason, Trigger } from '../../engine';
import type { SelectOption } from '../../components';

export const MODE_OPTIONS: readonly SelectOption<Mode>[] = [
  { value: 'act', label: 'ACT' },
  { value: 'react', label: 'ReAct' },
  { value: 'reflact', label: 'ReflAct' },
];

export const STOP_LABEL: Record<StopReason, string> = {
  answer: 'answer',
  escalate: 'escalated',
  max_steps: 'step budget',
  stalled: 'stalled',
  error: 'error',
  cancelled: 'stopped',
};

export const TRIGGER_LABEL: Record<Trigger, string> = {
  cadence: 'cadence',
  stall: 'stall',
  duplicate: 'duplicate',
  high_confidence: 'high confidence',
};
