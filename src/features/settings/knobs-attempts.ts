/**
 * The Attempts section of the settings panel: how many attempts, where their reward comes from,
 * the threshold below which an attempt is reflected on, and what memory the next attempt sees.
 * Pure data (see `knobs.ts`).
 */
import { choice, whole, type KnobGroup } from './knob-types';

export const ATTEMPTS_GROUP: KnobGroup = {
  title: 'Attempts',
  knobs: [
    whole({
      id: 'attempts',
      label: 'Attempts',
      min: 1,
      help: 'Reflexion-style tries, with a reflection between them.',
      read: (config) => config.attempts,
      write: (attempts) => ({ attempts }),
    }),
    choice({
      id: 'reward-source',
      label: 'Reward source',
      help: "What scores an attempt. Verifier: the scenario's environment check (1 or 0). None: the reward is unknown, so every attempt is reflected on, neutrally. Model judge: one more call that never sees the expected answer — weaker than an environment check.",
      // Short labels: the select fits a narrow compare lane; the help says what each one is.
      options: [
        { value: 'verifier', label: 'Verifier' },
        { value: 'none', label: 'None' },
        { value: 'judge', label: 'Model judge' },
      ],
      read: (config) => config.rewardSource,
      write: (rewardSource) => ({ rewardSource }),
    }),
    {
      kind: 'number',
      number: 'fraction',
      id: 'reward-threshold',
      label: 'Reward threshold',
      min: 0,
      help: 'Retry an attempt whose reward is below this (0 to 1); below it the reflection is framed as a failure.',
      read: (config) => config.rewardThreshold,
      write: (rewardThreshold) => ({ rewardThreshold }),
    },
    choice({
      id: 'history',
      label: 'History',
      help: 'Earlier reflections an attempt sees: this run’s, or all runs’ of any scenario (kept in Memory).',
      options: [
        { value: 'cross_trajectory', label: 'This run' },
        { value: 'cross_task', label: 'Across runs' },
      ],
      read: (config) => config.history,
      write: (history) => ({ history }),
    }),
    whole({
      id: 'memory-window',
      label: 'Reflections injected',
      min: 0,
      help: 'How many of the newest reflections go into the next attempt’s prompt (0: none).',
      read: (config) => config.memoryWindow,
      write: (memoryWindow) => ({ memoryWindow }),
    }),
  ],
};
