/**
 * A small, read-only JSON tree: objects and arrays fold (native <details>, so the keyboard works),
 * long strings and big arrays are cut with a button to see more. Everything is React text: keys
 * and values are escaped, nothing is parsed as HTML or markdown.
 */
import { memo, useState } from 'react';
import { FOCUS_RING } from './focus-ring';

/** Strings longer than this show their start and a "show more" button. */
const STRING_LIMIT = 240;
/** Arrays and objects with more entries show this many, then a "show more" button. */
const ENTRY_LIMIT = 50;
/** Containers up to this deep open by default when they are small. */
const OPEN_DEPTH = 2;
const OPEN_MAX_ENTRIES = 10;
const PREVIEW_CHARS = 72;

const MORE_BUTTON = `rounded px-1 text-sky-700 underline-offset-2 hover:underline dark:text-sky-300 ${FOCUS_RING}`;

type Container = readonly unknown[] | Readonly<Record<string, unknown>>;

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function entriesOf(value: Container): [string, unknown][] {
  return Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
}

function preview(value: Container): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

function LongString({ text }: { readonly text: string }) {
  const [full, setFull] = useState(false);
  if (full || text.length <= STRING_LIMIT) {
    return <span className="text-emerald-700 dark:text-emerald-300">{JSON.stringify(text)}</span>;
  }
  return (
    <>
      <span className="text-emerald-700 dark:text-emerald-300">
        {JSON.stringify(text.slice(0, STRING_LIMIT))}…
      </span>{' '}
      <button type="button" className={MORE_BUTTON} onClick={() => setFull(true)}>
        show more ({text.length - STRING_LIMIT} more characters)
      </button>
    </>
  );
}

function Primitive({ value }: { readonly value: unknown }) {
  if (typeof value === 'string') return <LongString text={value} />;
  if (typeof value === 'number')
    return <span className="text-sky-700 dark:text-sky-300">{String(value)}</span>;
  if (typeof value === 'boolean')
    return <span className="text-violet-700 dark:text-violet-300">{String(value)}</span>;
  if (value === null)
    return <span className="text-slate-500 italic dark:text-slate-400">null</span>;
  return <span className="text-slate-500 dark:text-slate-400">{String(value)}</span>;
}

function Key({ name }: { readonly name: string | null }) {
  if (name === null) return null;
  return <span className="text-slate-600 dark:text-slate-300">{name}: </span>;
}

function Entries({ value, depth }: { readonly value: Container; readonly depth: number }) {
  const [limit, setLimit] = useState(ENTRY_LIMIT);
  const entries = entriesOf(value);
  const hidden = entries.length - limit;
  return (
    <div className="ml-[0.3rem] border-l border-slate-200 pl-3 dark:border-slate-700">
      {entries.slice(0, limit).map(([key, item]) => (
        <Node key={key} name={key} value={item} depth={depth + 1} />
      ))}
      {hidden > 0 && (
        <button
          type="button"
          className={MORE_BUTTON}
          onClick={() => setLimit((current) => current + ENTRY_LIMIT * 4)}
        >
          show more ({hidden} more {Array.isArray(value) ? 'items' : 'keys'})
        </button>
      )}
    </div>
  );
}

function Node({
  name,
  value,
  depth,
}: {
  readonly name: string | null;
  readonly value: unknown;
  readonly depth: number;
}) {
  if (!isContainer(value)) {
    return (
      <div className="break-words">
        <Key name={name} />
        <Primitive value={value} />
      </div>
    );
  }
  const size = Array.isArray(value) ? value.length : Object.keys(value).length;
  const count = Array.isArray(value)
    ? `[${size} item${size === 1 ? '' : 's'}]`
    : `{${size} key${size === 1 ? '' : 's'}}`;
  if (size === 0) {
    return (
      <div>
        <Key name={name} />
        <span className="text-slate-500 dark:text-slate-400">
          {Array.isArray(value) ? '[]' : '{}'}
        </span>
      </div>
    );
  }
  const open = depth === 0 || (depth < OPEN_DEPTH && size <= OPEN_MAX_ENTRIES);
  return (
    <details open={open} className="group">
      <summary
        className={`flex cursor-pointer list-none items-baseline gap-1 rounded [&::-webkit-details-marker]:hidden ${FOCUS_RING}`}
      >
        <span
          aria-hidden="true"
          className="inline-block w-2.5 shrink-0 text-slate-400 transition-transform group-open:rotate-90"
        >
          ▸
        </span>
        <span className="min-w-0 truncate">
          <Key name={name} />
          <span className="text-slate-500 dark:text-slate-400">{count}</span>
          <span className="ml-1 text-slate-500 group-open:hidden dark:text-slate-400">
            {preview(value)}
          </span>
        </span>
      </summary>
      <Entries value={value} depth={depth} />
    </details>
  );
}

/** Shows any JSON value as a folding tree (plain text only). */
export const JsonView = memo(function JsonView({
  value,
  className = '',
}: {
  readonly value: unknown;
  readonly className?: string;
}) {
  return (
    <div className={`font-mono text-xs leading-5 ${className}`}>
      <Node name={null} value={value} depth={0} />
    </div>
  );
});
