import { memo, useMemo, type ReactNode } from 'react';
import type { Escalation, LoopConfig, Message, Step, Trigger } from '../../engine';
import {
  buildDecisionRecord,
  type DecisionRecordView,
  type GuardTrip,
} from '../../projections/decision-record';
import type { LensMark } from '../../projections/lens';
import { describeStep } from '../../projections/timeline';
import { INTENT_LABEL, KIND_BADGE, TRIGGER_LABEL } from './labels';
import { LensSection } from './LensSection';
import {
  ActionSection,
  AttemptSection,
  CallSection,
  EvidenceSection,
  ObservationSection,
  PolicySection,
  RawReply,
} from './RecordSections';
import { Scratchpad } from './Scratchpad';

/** Why a gate opened, in the run's own numbers. */
function triggerReason(trigger: Trigger, config: LoopConfig | null): string {
  const reflection = config?.reflection;
  switch (trigger) {
    case 'stall':
      return reflection
        ? `${reflection.stallThreshold}+ empty tool call${reflection.stallThreshold === 1 ? '' : 's'} in a row`
        : 'empty tool calls in a row';
    case 'cadence':
      return reflection
        ? `${reflection.interval} action steps since the last reflection`
        : 'fixed cadence';
    case 'duplicate':
      return 'a repeated call was blocked';
    case 'high_confidence':
      return 'retrieval confidence is high';
  }
}

function Fact({ name, children }: { readonly name: string; readonly children: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{name}</dt>
      <dd className="text-slate-900 tabular-nums dark:text-slate-100">{children}</dd>
    </div>
  );
}

function RecordHeader({
  view,
  step,
  total,
  config,
}: {
  readonly view: DecisionRecordView;
  /** The step itself: its kind is named in the timeline's own words ("reflection (stall)"). */
  readonly step: Step;
  readonly total: number;
  readonly config: LoopConfig | null;
}) {
  return (
    <header className="px-4 pt-3 pb-3">
      <div className="flex items-center gap-2">
        <h2 className="text-sm font-semibold text-slate-900 tabular-nums dark:text-slate-50">
          Step {view.index}
        </h2>
        <span className={`rounded px-1.5 py-0.5 text-[11px] font-medium ${KIND_BADGE[view.kind]}`}>
          {describeStep(step)}
        </span>
        {view.policy.outcome === 'denied' && (
          <span className="rounded bg-rose-600 px-1.5 py-0.5 text-[11px] font-semibold text-white dark:bg-rose-500 dark:text-rose-950">
            denied
          </span>
        )}
        <span className="ml-auto text-xs text-slate-500 tabular-nums dark:text-slate-400">
          {view.index + 1} of {total}
        </span>
      </div>
      <dl className="mt-1.5 flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
        <Fact name="Attempt">{view.attempt}</Fact>
        <Fact name="Phase">
          <span className="font-mono">{view.phase}</span>
        </Fact>
        <Fact name="Intent">{INTENT_LABEL[view.intent]}</Fact>
        {view.memoryChars !== null && (
          <Fact name="Memory">
            {view.memoryChars.toLocaleString('en-US')} characters
            <span className="text-slate-500 dark:text-slate-400">
              {' '}
              · {view.memoryChars > 0 ? 'reflections in its prompt' : 'no reflections yet'}
            </span>
          </Fact>
        )}
        {view.trigger && (
          <Fact name="Trigger">
            {TRIGGER_LABEL[view.trigger]}
            <span className="text-slate-500 dark:text-slate-400">
              {' '}
              · {triggerReason(view.trigger, config)}
            </span>
          </Fact>
        )}
      </dl>
    </header>
  );
}

/** What the Decision view reads: the run's steps and what it needs to explain one of them. */
export interface DecisionPanelProps {
  readonly steps: readonly Step[];
  readonly index: number;
  readonly trips: readonly GuardTrip[];
  readonly escalation: Escalation | null;
  readonly config: LoopConfig | null;
  /** The run's conversations: how much memory the step's prompt carried. */
  readonly conversations: readonly (readonly Message[])[];
  /** The guards lens's marks on this step (null: the lens is hidden or marked nothing). */
  readonly lens?: readonly LensMark[] | null;
  readonly onSelect: (step: number) => void;
}

/** The decision record of one step: header, policy, action, evidence, observation, the model's text. */
export const DecisionPanel = memo(function DecisionPanel({
  steps,
  index,
  trips,
  escalation,
  config,
  conversations,
  lens = null,
  onSelect,
}: DecisionPanelProps) {
  const view = useMemo(
    () => buildDecisionRecord({ steps, index, trips, escalation, config, conversations }),
    [steps, index, trips, escalation, config, conversations],
  );
  const step = steps[index];
  if (!view || !step) return null;
  // A guard's denial is what the step is about: it leads; otherwise the step reads in order.
  const denied = view.policy.outcome === 'denied';
  return (
    <div>
      <RecordHeader view={view} step={step} total={steps.length} config={config} />
      {denied && <PolicySection view={view} />}
      <LensSection marks={lens} />
      <Scratchpad parts={view.scratchpad} />
      <ActionSection view={view} />
      {!denied && <PolicySection view={view} />}
      <EvidenceSection view={view} onSelect={onSelect} />
      <ObservationSection view={view} onSelect={onSelect} />
      <AttemptSection view={view} threshold={config?.rewardThreshold ?? null} />
      <CallSection view={view} />
      <RawReply text={view.rawReply} />
    </div>
  );
});
