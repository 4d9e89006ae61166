/**
 * What the endpoints dialog says about an origin this page's policy does not name (it connects
 * only to the endpoints it knew when it loaded: `app/connect-policy.ts`): in the form, as soon as
 * the base URL names one, before a key is typed; in the list, with the Reload button.
 */
import { Button } from '../../components';
import { reloadNote } from '../../state/endpoints-store';
import { useEndpoints, useEndpointsActions } from './endpoints-context';
import { selectOriginsToReload } from './selectors';

const NOTICE =
  'flex flex-col gap-1.5 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100';

/** Under the form's base URL: this origin needs a reload, and what happens to a key meanwhile. */
export function FormReloadNote({
  origin,
  remember,
}: {
  readonly origin: string;
  readonly remember: boolean;
}) {
  const { reload, never } = reloadNote([origin]);
  return (
    <div role="status" className={NOTICE}>
      {reload && (
        <>
          <p>{reload}</p>
          <p className="text-xs">
            Add the endpoint, then reload.{' '}
            {remember
              ? 'A key typed here is kept across the reload: “Remember for this tab” is ticked.'
              : 'A key typed here is kept across the reload only if “Remember for this tab” is ticked; otherwise set it after the reload.'}
          </p>
        </>
      )}
      {never.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </div>
  );
}

/** Above the list: the saved endpoints' origins the page cannot reach yet, and Reload. */
export function ReloadNotice() {
  const joined = useEndpoints(selectOriginsToReload);
  const actions = useEndpointsActions();
  if (!joined) return null;
  const { reload, never } = reloadNote(joined.split(' '));
  const reloadPage = () => {
    // The endpoint just added (and in use) stays in use after the reload.
    actions.keepSelectionForReload();
    window.location.reload();
  };
  return (
    <div role="status" aria-label="Reload needed" className={NOTICE}>
      {reload && (
        <>
          <p>{reload}</p>
          <p className="text-xs">
            Endpoints are saved. A key is kept across the reload only if “Remember for this tab” was
            ticked for its endpoint; otherwise set it again after the reload.
          </p>
          <div>
            <Button size="sm" tone="primary" onClick={reloadPage}>
              Reload
            </Button>
          </div>
        </>
      )}
      {never.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
    </div>
  );
}
