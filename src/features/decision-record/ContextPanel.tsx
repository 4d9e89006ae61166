import { memo, useId, useMemo, useState } from 'react';
import { Clipped, clipLine, FOCUS_RING } from '../../components';
import type { Message, Step } from '../../engine';
import { findMemoryBlock, type MemoryBlock } from '../../projections/attempt-memory';
import type { AttemptSummary } from '../../projections/attempts';
import { stepContext, type ContextMessage } from '../../projections/context-diff';
import { contextWindow, MORE } from './context-window';
import { contextWords } from './context-words';
import { ROLE_STYLE } from './labels';
import { MemorySummary, MemoryText } from './MemoryText';
import { scrollToTop } from './scroll';

/** System prompts longer than this start folded. */
const FOLD_SYSTEM_CHARS = 240;
/** Message bodies longer than this show their start and a "Show all" button. */
const CLAMP_CHARS = 1500;

/** Height of the record's sticky tab bar, plus a little air. */
const TAB_BAR_PX = 48;

function Body({ text, muted }: { readonly text: string; readonly muted: boolean }) {
  return (
    <Clipped text={text || '(empty)'} limit={CLAMP_CHARS}>
      {(shown) => (
        <p
          className={`font-mono text-xs leading-5 wrap-anywhere whitespace-pre-wrap ${
            muted ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'
          }`}
        >
          {shown}
        </p>
      )}
    </Clipped>
  );
}

function RoleChip({ message }: { readonly message: ContextMessage }) {
  return (
    <span className="flex items-center gap-1.5">
      <span className={`rounded px-1.5 py-px text-[11px] font-medium ${ROLE_STYLE[message.role]}`}>
        {message.role}
      </span>
      <span className="text-[11px] text-slate-500 tabular-nums dark:text-slate-400">
        #{message.index}
      </span>
      {message.isNew && (
        <span className="rounded bg-emerald-700 px-1.5 py-px text-[10px] font-semibold tracking-wide text-white uppercase dark:bg-emerald-500 dark:text-emerald-950">
          new
        </span>
      )}
    </span>
  );
}

function MessageItem({
  message,
  anchor,
  memory,
  onSelect,
  markId,
}: {
  readonly message: ContextMessage;
  readonly anchor?: string | undefined;
  /** The reflection memory this message carries: shown whole, its reflections marked. */
  readonly memory?: MemoryBlock | null;
  readonly onSelect?: (step: number) => void;
  readonly markId?: (number: number) => string;
}) {
  const frame = message.isNew
    ? 'border-l-emerald-500 bg-emerald-50/70 dark:border-l-emerald-400 dark:bg-emerald-950/25'
    : 'border-l-slate-200 dark:border-l-slate-700';
  const body = [message.content, ...message.toolCalls].filter(Boolean).join('\n');
  const fold = message.role === 'system' && body.length > FOLD_SYSTEM_CHARS;
  const content =
    memory && onSelect && markId ? (
      <MemoryText text={body} block={memory} onSelect={onSelect} markId={markId} />
    ) : (
      <Body text={body} muted={!message.isNew} />
    );
  return (
    <li id={anchor} className={`border-l-2 py-1.5 pr-1 pl-2.5 ${frame}`}>
      {fold ? (
        // A prompt that carries memory starts open: the words of earlier attempts are the point.
        <details open={Boolean(memory)}>
          <summary className={`flex cursor-pointer items-center gap-2 rounded ${FOCUS_RING}`}>
            <RoleChip message={message} />
            <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400">
              {clipLine(body.split('\n', 1)[0] ?? '')} · {body.length} characters
            </span>
          </summary>
          <div className="mt-1">{content}</div>
        </details>
      ) : (
        <>
          <RoleChip message={message} />
          <div className="mt-1">{content}</div>
        </>
      )}
    </li>
  );
}

/** What the Context view reads: the steps and the conversations their calls sent. */
export interface ContextPanelProps {
  readonly steps: readonly Step[];
  readonly index: number;
  readonly conversations: readonly (readonly Message[])[];
  /** The run's attempts: a reflection in the prompt links to the one that wrote it. */
  readonly attempts: readonly AttemptSummary[];
  /** Shows a step (a reflection's link goes to the step that wrote it). */
  readonly onSelect: (step: number) => void;
}

/** The exact messages a step's model call sent, the part new since the previous call marked, and the reply. */
export const ContextPanel = memo(function ContextPanel({
  steps,
  index,
  conversations,
  attempts,
  onSelect,
}: ContextPanelProps) {
  const anchorBase = useId();
  // Earlier messages the reader asked to see, for this step only.
  const [more, setMore] = useState({ step: index, count: 0 });
  const context = useMemo(
    () => stepContext(steps, index, conversations),
    [steps, index, conversations],
  );
  const attempt = steps[index]?.attempt;
  const system = context?.messages[0];
  const memory = useMemo(
    () => (system?.role === 'system' ? findMemoryBlock(system.content, attempts, attempt) : null),
    [system, attempts, attempt],
  );
  if (!context) {
    return (
      <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">
        Step {index} made no model call.
      </p>
    );
  }
  const firstNew = `${anchorBase}-first-new`;
  const shown = contextWindow(
    context.messages.length,
    context.newFrom,
    more.step === index ? more.count : 0,
  );
  const item = (message: ContextMessage) => (
    <MessageItem
      key={message.index}
      message={message}
      anchor={message.index === context.newFrom ? firstNew : undefined}
      memory={message.index === 0 ? memory : null}
      onSelect={onSelect}
      markId={markId}
    />
  );
  const showNew = () => {
    const target = document.getElementById(firstNew);
    // Clear of the pane's sticky tab bar.
    if (target) scrollToTop(target, TAB_BAR_PX);
  };
  const markId = (number: number) => `${anchorBase}-reflection-${number}`;
  const showReflection = (number: number) => {
    const target = document.getElementById(markId(number));
    if (target) scrollToTop(target, TAB_BAR_PX);
  };
  const { where, since } = contextWords(
    context.conversation,
    conversations.length,
    context.previousStep,
    context.newCount,
  );
  return (
    <div className="px-4 py-3">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold text-slate-900 dark:text-slate-100">
          {context.messages.length} message{context.messages.length === 1 ? '' : 's'} sent
        </span>{' '}
        for step {context.step}
        {where && `, ${where}`} · {since}
        {context.previousStep !== null && context.newCount > 0 && (
          <>
            {' '}
            <button
              type="button"
              onClick={showNew}
              className={`rounded font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
            >
              Show the new part
            </button>
          </>
        )}
      </p>
      {context.missing > 0 && (
        <p className="mt-1 text-xs text-amber-800 dark:text-amber-200">
          {context.missing} more message{context.missing === 1 ? '' : 's'} were sent but are not
          recorded here.
        </p>
      )}
      {memory && <MemorySummary block={memory} onSelect={onSelect} onShow={showReflection} />}
      <ol aria-label="Messages sent" className="mt-2 space-y-1.5">
        {context.messages.slice(0, shown.head).map(item)}
        {shown.hidden > 0 && (
          <li className="flex flex-wrap items-center gap-2 border-l-2 border-dashed border-l-slate-300 py-1.5 pl-2.5 text-xs text-slate-600 dark:border-l-slate-600 dark:text-slate-400">
            {shown.hidden} earlier message{shown.hidden === 1 ? '' : 's'} not shown
            <button
              type="button"
              onClick={() =>
                setMore({ step: index, count: (more.step === index ? more.count : 0) + MORE })
              }
              className={`rounded font-medium text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`}
            >
              Show {Math.min(MORE, shown.hidden)} more
            </button>
          </li>
        )}
        {context.messages.slice(shown.from).map(item)}
      </ol>
      <div className="mt-3">
        <p className="text-[11px] font-semibold tracking-wider text-slate-500 uppercase dark:text-slate-400">
          Reply
        </p>
        <Clipped text={context.reply || '(empty reply)'}>
          {(shown) => (
            <pre className="mt-1 overflow-auto rounded-md border border-dashed border-amber-300 bg-amber-50/60 px-2.5 py-2 font-mono text-xs leading-5 break-words whitespace-pre-wrap text-slate-800 dark:border-amber-700/60 dark:bg-amber-950/20 dark:text-slate-200">
              {shown}
            </pre>
          )}
        </Clipped>
      </div>
    </div>
  );
});
