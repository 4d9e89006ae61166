import { corsHelp } from '../../projections/cors-help';

/**
 * How to let this page call a local server that refuses its origin (CORS): the flag or variable
 * per server, with a command to copy. Shown where a request got no response at all.
 */
export function CorsHelp() {
  const origin = window.location.origin;
  return (
    <div className="text-xs">
      <p className="font-medium">
        If the server is running, it may not allow this page&apos;s origin ({origin}). Allow it:
      </p>
      <ul className="mt-1.5 flex flex-col gap-1">
        {corsHelp(origin).map((hint) => (
          <li key={hint.server} className="flex flex-wrap items-baseline gap-x-2">
            <span className="w-16 shrink-0 font-medium">{hint.server}</span>
            <code className="rounded bg-black/5 px-1.5 py-0.5 font-mono break-all select-all dark:bg-white/10">
              {hint.example}
            </code>
          </li>
        ))}
      </ul>
    </div>
  );
}
