/*
 * The service worker that serves the simulated model: MSW's own worker (mockServiceWorker.js,
 * copied from the msw package on install and left as shipped), with one change of behaviour.
 *
 * MSW's worker unregisters itself when the last page it serves sends CLIENT_CLOSED: on a reload,
 * on leaving the page, and whenever the app stops the mock for a real endpoint. A page that starts
 * the mock while that unregistering is under way finds a registration that is going away: its
 * update is refused ("Failed to update a ServiceWorker … Not found", an error in the page) and its
 * requests may go to the network instead of the mock. Here the worker stays registered, as any
 * site's worker does. CLIENT_CLOSED still turns the mock off for the page that sends it, and with
 * no page on the mock the worker passes every request through, untouched.
 *
 * This listener is added before MSW's, so it runs first and keeps MSW's from seeing CLIENT_CLOSED.
 * `activeClientIds` is the Set that MSW's script declares at its top level; classic scripts share
 * their top-level declarations, and the listener runs after the import has declared it.
 */
/* global activeClientIds */

addEventListener('message', (event) => {
  // Every message (a page on the mock asks for a keepalive every 5 s) also forgets the pages
  // that closed without saying so: a crashed tab, or one closed without its unload handlers.
  event.waitUntil(forgetClosedPages());
  if (event.data !== 'CLIENT_CLOSED') return;
  event.stopImmediatePropagation();
  const clientId = event.source && event.source.id;
  if (clientId) activeClientIds.delete(clientId);
});

async function forgetClosedPages() {
  for (const clientId of [...activeClientIds]) {
    if (!(await self.clients.get(clientId))) activeClientIds.delete(clientId);
  }
}

importScripts('./mockServiceWorker.js');
