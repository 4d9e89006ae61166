import { codeParts, compoundParts } from './code-words';

/**
 * Caption text, its identifiers (`db_pool_wait_ms`) set as code and its hyphenated names
 * ("search-gateway") kept on one line. Text only: React escapes it.
 */
export function CodeWords({ text }: { readonly text: string }) {
  return codeParts(text).map((part, index) =>
    part.code ? (
      <code
        key={index}
        className="rounded bg-slate-100 px-[0.25em] font-mono text-[0.9em] dark:bg-slate-800"
      >
        {part.text}
      </code>
    ) : (
      compoundParts(part.text).map((words, at) =>
        words.whole ? (
          <span key={`${index}-${at}`} className="whitespace-nowrap">
            {words.text}
          </span>
        ) : (
          words.text
        ),
      )
    ),
  );
}
