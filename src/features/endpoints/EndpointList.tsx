import { useId } from 'react';
import { Button } from '../../components';
import type { UserEndpoint } from '../../state/endpoints-store';
import { CorsHelp } from './CorsHelp';
import { hostOf } from './endpoint-form';
import { useEndpoints, useEndpointsActions } from './endpoints-context';
import { selectConnection, selectKeyed, selectSelectedId } from './selectors';

const RESULT_TONE = {
  testing: 'text-slate-700 dark:text-slate-300',
  ok: 'text-emerald-800 dark:text-emerald-300',
  failed: 'text-rose-800 dark:text-rose-300',
} as const;

function EndpointRow({
  endpoint,
  onEdit,
}: {
  readonly endpoint: UserEndpoint;
  readonly onEdit: () => void;
}) {
  const nameId = useId();
  const connection = useEndpoints(selectConnection)[endpoint.id];
  const keyed = useEndpoints(selectKeyed).includes(endpoint.id);
  const inUse = useEndpoints(selectSelectedId) === endpoint.id;
  const actions = useEndpointsActions();
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5">
      <div className="flex items-center gap-3">
        <div className="min-w-0 flex-1">
          <p id={nameId} className="truncate text-sm font-medium">
            {endpoint.name}
            {inUse && (
              <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-[11px] font-semibold text-sky-900 dark:bg-sky-900/60 dark:text-sky-100">
                in use
              </span>
            )}
          </p>
          <p className="text-xs break-all text-slate-600 dark:text-slate-400">
            {endpoint.model} · {hostOf(endpoint.baseUrl)} · {endpoint.protocol} protocol
            {endpoint.stream ? '' : ' · replies not streamed'}
            {keyed ? ' · key set' : ''}
          </p>
        </div>
        <Button
          size="sm"
          aria-describedby={nameId}
          disabled={connection?.state === 'testing'}
          onClick={() => void actions.testConnection(endpoint.id)}
        >
          Test connection
        </Button>
        <Button size="sm" aria-describedby={nameId} onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="sm"
          tone="danger"
          aria-describedby={nameId}
          onClick={() => actions.removeEndpoint(endpoint.id)}
        >
          Remove
        </Button>
      </div>
      {connection && (
        <div role="status" className={`text-xs ${RESULT_TONE[connection.state]}`}>
          <p>
            <span className="font-semibold">
              {connection.state === 'ok'
                ? 'Connected. '
                : connection.state === 'failed'
                  ? 'Failed. '
                  : ''}
            </span>
            {connection.message}
          </p>
          {connection.state === 'failed' && connection.code === 'network' && (
            <div className="mt-2 rounded-md border border-rose-200 bg-rose-50 p-2.5 text-rose-900 dark:border-rose-900 dark:bg-rose-950/50 dark:text-rose-100">
              <CorsHelp />
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** The user's endpoints, each with Test connection, Edit and Remove; the test result in words. */
export function EndpointList({
  endpoints,
  onEdit,
}: {
  readonly endpoints: readonly UserEndpoint[];
  readonly onEdit: (id: string) => void;
}) {
  if (endpoints.length === 0) {
    return (
      <p className="rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No endpoints yet. Add an OpenAI-compatible server — llama.cpp, Ollama, vLLM or a hosted API
        — to run the loops on a real model.
      </p>
    );
  }
  return (
    <ul
      aria-label="Your endpoints"
      className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
    >
      {endpoints.map((endpoint) => (
        <EndpointRow key={endpoint.id} endpoint={endpoint} onEdit={() => onEdit(endpoint.id)} />
      ))}
    </ul>
  );
}
