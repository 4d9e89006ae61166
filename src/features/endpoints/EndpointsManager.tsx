/** The body of the "Endpoints" dialog, a chunk of its own: loaded when the dialog first opens. */
import { useState } from 'react';
import { Button } from '../../components';
import type { UserEndpoint } from '../../state/endpoints-store';
import {
  BLANK_ENDPOINT,
  endpointInput,
  formValues,
  type EndpointFormValues,
} from './endpoint-form';
import { EndpointForm } from './EndpointForm';
import { EndpointList } from './EndpointList';
import { ReloadNotice } from './ReloadNotice';
import { useEndpoints, useEndpointsActions } from './endpoints-context';
import { selectEndpoints, selectKeyed, selectStorageWarning } from './selectors';

/** What the dialog shows: the list, the form for a new endpoint, or the form for one of them. */
type View =
  | { readonly kind: 'list' }
  | { readonly kind: 'add' }
  | { readonly kind: 'edit'; readonly id: string };

const isUser = (endpoint: { readonly kind: string }): endpoint is UserEndpoint =>
  endpoint.kind === 'user';

/** The body of the "Endpoints" dialog: list, add, edit, test and remove the user's endpoints. */
export function EndpointsManager() {
  const [view, setView] = useState<View>({ kind: 'list' });
  const endpoints = useEndpoints(selectEndpoints).filter(isUser);
  const keyed = useEndpoints(selectKeyed);
  const warning = useEndpoints(selectStorageWarning);
  const actions = useEndpointsActions();
  const toList = () => setView({ kind: 'list' });

  const add = (values: EndpointFormValues) => {
    const result = actions.addEndpoint(endpointInput(values));
    if (!result.ok) return result;
    if (values.apiKey) actions.setKey(result.id, values.apiKey);
    // Added to be used: runs use it from now on (the Model select can switch back).
    actions.selectEndpoint(result.id);
    toList();
    return result;
  };
  const update = (id: string) => (values: EndpointFormValues) => {
    const result = actions.updateEndpoint(id, endpointInput(values));
    if (!result.ok) return result;
    if (values.apiKey) actions.setKey(id, values.apiKey);
    toList();
    return result;
  };

  const editing = view.kind === 'edit' ? endpoints.find((item) => item.id === view.id) : undefined;
  return (
    <div className="flex flex-col gap-4">
      {warning && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100"
        >
          {warning}
        </p>
      )}
      {view.kind === 'add' && (
        <section aria-label="Add an endpoint" className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">Add an endpoint</h3>
          <EndpointForm
            initial={BLANK_ENDPOINT}
            hasKey={false}
            submitLabel="Add endpoint"
            onSave={add}
            onCancel={toList}
          />
        </section>
      )}
      {editing && (
        <section aria-label={`Edit ${editing.name}`} className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">Edit {editing.name}</h3>
          <EndpointForm
            key={editing.id}
            initial={formValues(editing)}
            hasKey={keyed.includes(editing.id)}
            submitLabel="Save changes"
            onSave={update(editing.id)}
            onForgetKey={() => actions.setKey(editing.id, null)}
            onCancel={toList}
          />
        </section>
      )}
      {view.kind === 'list' || (view.kind === 'edit' && !editing) ? (
        <>
          <ReloadNotice />
          <EndpointList endpoints={endpoints} onEdit={(id) => setView({ kind: 'edit', id })} />
          <div>
            <Button tone="primary" onClick={() => setView({ kind: 'add' })}>
              Add endpoint
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
