import { memo, useId, useState } from 'react';
import type { Step } from '../../engine';
import { FOCUS_RING } from '../../components';
import { KIND_BADGE, KIND_LABEL } from './labels';
import {
  formatCall,
  observationJson,
  observationTag,
  reflectionLines,
  stepThought,
  type ObservationTag,
} from './step-text';

const TAG_STYLE: Record<ObservationTag, string> = {
  ok: 'text-emerald-800 dark:text-emerald-300',
  empty: 'text-amber-800 dark:text-amber-300',
  repeat: 'text-amber-800 dark:text-amber-300',
  error: 'text-rose-700 dark:text-rose-300',
};

/** Outcome rows stand out from the steps that led to them. */
const ROW_TINT: Partial<Record<Step['kind'], string>> = {
  answer: 'bg-emerald-50/70 dark:bg-emerald-950/25',
  escalate: 'bg-rose-50/70 dark:bg-rose-950/25',
};

const MUTED = 'text-slate-600 dark:text-slate-400';
/** Detail panes scroll; Chromium lets the keyboard focus a scroller, so it gets the ring too. */
const PRE = `max-h-80 overflow-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-900 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING} focus-visible:ring-offset-0`;
const CODE = 'font-mono text-[13px] text-slate-900 dark:text-slate-100';

function Summary({ step }: { readonly step: Step }) {
  const call = step.decision.action;
  const thought = stepThought(step);
  switch (step.kind) {
    case 'action': {
      const observation = step.observation;
      const tag = observation ? observationTag(observation) : null;
      return (
        <>
          <span className="block">
            {call && <span className={CODE}>{formatCall(call)}</span>}
            {observation && tag && (
              <span className={`ml-2 text-xs font-semibold ${TAG_STYLE[tag]}`}>
                → {tag === 'repeat' ? `repeat of #${observation.repeatOf}` : tag}
              </span>
            )}
          </span>
          {thought && <span className={`block truncate text-xs ${MUTED}`}>{thought}</span>}
        </>
      );
    }
    case 'reflection':
    case 'attempt_reflection':
      return (
        <>
          <span className={`block text-xs font-medium ${MUTED}`}>
            {step.kind === 'reflection'
              ? `Trigger: ${step.trigger ?? 'none'}`
              : `Reward ${step.reward ?? 'unknown'} · ${step.framing ?? 'neutral'} framing`}
          </span>
          {reflectionLines(step.reflection, step.thought ?? step.modelCall?.text ?? null).map(
            (line, index) => (
              <span key={index} className="block whitespace-pre-wrap">
                {line}
              </span>
            ),
          )}
        </>
      );
    case 'answer':
      return <span className="block whitespace-pre-wrap">{step.answer}</span>;
    case 'escalate':
    case 'reprompt':
      return (
        <>
          {call && <span className={`block ${CODE}`}>{formatCall(call)}</span>}
          {step.answer !== null && (
            <span className="block whitespace-pre-wrap">Withheld answer: {step.answer}</span>
          )}
          {!call && step.answer === null && thought && (
            <span className={`block ${MUTED}`}>{thought}</span>
          )}
        </>
      );
  }
}

export interface StepRowProps {
  readonly step: Step;
  /** What the guard said, when a guard decided this step. */
  readonly guardDetail: string | undefined;
}

/** One recorded step; the button expands the model's raw reply and the observation. */
export const StepRow = memo(function StepRow({ step, guardDetail }: StepRowProps) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const { policy } = step.decision;
  return (
    <li
      className={`border-b border-slate-200 last:border-b-0 dark:border-slate-800 ${ROW_TINT[step.kind] ?? ''}`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailId}
        onClick={() => setOpen((value) => !value)}
        className={`grid w-full grid-cols-[2.5rem_8.5rem_minmax(0,1fr)_1rem] items-start gap-3 px-4 py-3 text-left text-sm hover:bg-slate-100/70 dark:hover:bg-slate-900 ${FOCUS_RING} focus-visible:ring-inset focus-visible:ring-offset-0`}
      >
        <span className={`pt-0.5 font-mono text-xs tabular-nums ${MUTED}`}>#{step.index}</span>
        <span className="flex flex-col items-start gap-1">
          <span
            className={`rounded px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${KIND_BADGE[step.kind]}`}
          >
            {KIND_LABEL[step.kind]}
          </span>
          {step.attempt > 1 && <span className={`text-xs ${MUTED}`}>attempt {step.attempt}</span>}
        </span>
        <span className="min-w-0">
          <Summary step={step} />
          {policy.outcome === 'denied' && (
            <span className="mt-1 block text-sm font-medium text-rose-700 dark:text-rose-300">
              Denied by guard: {policy.reason}
              {guardDetail && <span className="font-normal"> — {guardDetail}</span>}
            </span>
          )}
        </span>
        <span aria-hidden="true" className={`pt-0.5 text-xs ${MUTED}`}>
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open && (
        <div
          id={detailId}
          className="grid gap-3 px-4 pb-4 pl-[calc(2.5rem+1.75rem)] lg:grid-cols-2"
        >
          <div className="min-w-0">
            <h4 className={`mb-1 text-xs font-semibold uppercase tracking-wide ${MUTED}`}>
              Model reply (raw)
            </h4>
            <pre className={`${PRE} whitespace-pre-wrap`}>
              {step.modelCall?.text || '(no model reply)'}
            </pre>
          </div>
          {step.observation && (
            <div className="min-w-0">
              <h4 className={`mb-1 text-xs font-semibold uppercase tracking-wide ${MUTED}`}>
                Observation
              </h4>
              <pre className={PRE}>{observationJson(step.observation)}</pre>
            </div>
          )}
        </div>
      )}
    </li>
  );
});
