import { memo, useId, useMemo, useState } from 'react';
import { Clipped, FOCUS_RING } from '../../components';
import type { Message, Step } from '../../engine';
import { stepContext, type ContextMessage } from '../../projections/context-diff';
import { ROLE_STYLE } from './labels';
import { scrollToTop } from './scroll';

/** System prompts longer than this start folded. */
const FOLD_SYSTEM_CHARS = 240;
/** Message bodies longer than this show their start and a "show more" button. */
const CLAMP_CHARS = 1500;

/** Height of the record's sticky tab bar, plus a little air. */
const TAB_BAR_PX = 48;

const MORE_BUTTON = `mt-1 rounded text-xs text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`;

function Body({ text, muted }: { readonly text: string; readonly muted: boolean }) {
  const [full, setFull] = useState(false);
  const clamped = !full && text.length > CLAMP_CHARS;
  return (
    <>
      <p
        className={`font-mono text-xs leading-5 break-words whitespace-pre-wrap ${
          muted ? 'text-slate-600 dark:text-slate-400' : 'text-slate-900 dark:text-slate-100'
        }`}
      >
        {clamped ? `${text.slice(0, CLAMP_CHARS)}…` : text || '(empty)'}
      </p>
      {clamped && (
        <button type="button" className={MORE_BUTTON} onClick={() => setFull(true)}>
          show more ({text.length - CLAMP_CHARS} more characters)
        </button>
      )}
    </>
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
}: {
  readonly message: ContextMessage;
  readonly anchor?: string | undefined;
}) {
  const frame = message.isNew
    ? 'border-l-emerald-500 bg-emerald-50/70 dark:border-l-emerald-400 dark:bg-emerald-950/25'
    : 'border-l-slate-200 dark:border-l-slate-700';
  const body = [message.content, ...message.toolCalls].filter(Boolean).join('\n');
  const fold = message.role === 'system' && body.length > FOLD_SYSTEM_CHARS;
  return (
    <li id={anchor} className={`border-l-2 py-1.5 pr-1 pl-2.5 ${frame}`}>
      {fold ? (
        <details>
          <summary className={`flex cursor-pointer items-center gap-2 rounded ${FOCUS_RING}`}>
            <RoleChip message={message} />
            <span className="min-w-0 truncate text-xs text-slate-500 dark:text-slate-400">
              {body.split('\n', 1)[0]} · {body.length} characters
            </span>
          </summary>
          <div className="mt-1">
            <Body text={body} muted={!message.isNew} />
          </div>
        </details>
      ) : (
        <>
          <RoleChip message={message} />
          <div className="mt-1">
            <Body text={body} muted={!message.isNew} />
          </div>
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
}

/** The exact messages a step's model call sent, the part new since the previous call marked, and the reply. */
export const ContextPanel = memo(function ContextPanel({
  steps,
  index,
  conversations,
}: ContextPanelProps) {
  const anchorBase = useId();
  const context = useMemo(
    () => stepContext(steps, index, conversations),
    [steps, index, conversations],
  );
  if (!context) {
    return (
      <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">
        Step {index} made no model call.
      </p>
    );
  }
  const firstNew = `${anchorBase}-first-new`;
  const showNew = () => {
    const target = document.getElementById(firstNew);
    // Clear of the pane's sticky tab bar.
    if (target) scrollToTop(target, TAB_BAR_PX);
  };
  const since =
    context.previousStep === null
      ? 'the first call of this conversation: every message is new'
      : `${context.newCount} new since the call of step ${context.previousStep}`;
  return (
    <div className="px-4 py-3">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <span className="font-semibold text-slate-900 dark:text-slate-100">
          {context.messages.length} message{context.messages.length === 1 ? '' : 's'} sent
        </span>{' '}
        for step {context.step}{' '}
        <span title="A conversation is the message history model calls extend: each attempt keeps its own, and a reflection between attempts or an early answer starts a fresh one">
          (conversation {context.conversation}: the message history this call extends)
        </span>{' '}
        · {since}
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
      <ol aria-label="Messages sent" className="mt-2 space-y-1.5">
        {context.messages.map((message) => (
          <MessageItem
            key={message.index}
            message={message}
            anchor={message.index === context.newFrom ? firstNew : undefined}
          />
        ))}
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
