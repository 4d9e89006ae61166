import { useState } from 'react';
import { Button, lazyComponent, LazyBoundary, ModalDialog } from '../../components';
import { SlidersIcon } from '../../components/icons';

/** The dialog's body: loaded when it first opens (preloaded after the first paint). */
const Manager = lazyComponent<object>(() =>
  import('./EndpointsManager').then((module) => module.EndpointsManager),
);

/** Loads the dialog's body now (on idle), so it opens at once. */
export const preloadEndpointsManager = Manager.preload;

/** "Manage endpoints…" and the modal "Endpoints" dialog it opens. */
export function ManageEndpoints() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="icon"
        tone="ghost"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label="Manage endpoints…"
        title="Manage endpoints…"
      >
        <SlidersIcon />
      </Button>
      <ModalDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Endpoints"
        description="OpenAI-compatible servers to run the loops on. Runs on a real endpoint cost real calls, so settings changes wait for Run."
      >
        <LazyBoundary what="the endpoints">
          <Manager />
        </LazyBoundary>
      </ModalDialog>
    </>
  );
}
