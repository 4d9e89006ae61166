/**
 * Narrow selectors over the endpoints store, at module scope (STYLE rule 7). Its actions are not
 * selected: `useEndpointsActions()` gives them.
 */
import {
  originsToReload,
  selectedEndpoint,
  type EndpointsState,
} from '../../state/endpoints-store';

export const selectEndpoints = (state: EndpointsState) => state.endpoints;
export const selectSelectedId = (state: EndpointsState) => state.selectedId;
export const selectSelected = (state: EndpointsState) => selectedEndpoint(state);
export const selectSpeed = (state: EndpointsState) => state.speed;
export const selectTransport = (state: EndpointsState) => state.builtinTransport;
/** The kind of model runs use: 'builtin' (simulated: re-run at once) or 'user' (a real endpoint). */
export const selectSelectedKind = (state: EndpointsState) => selectedEndpoint(state).kind;
export const selectKeyed = (state: EndpointsState) => state.keyed;
export const selectConnection = (state: EndpointsState) => state.connection;
export const selectStorageWarning = (state: EndpointsState) => state.storageWarning;
/** The user's endpoints (not the built-in one), as the store keeps them. */
export const selectUserEndpoints = (state: EndpointsState) => state.endpoints;
/** The origins this page may connect to until it reloads (null: no limit). */
export const selectConnectOrigins = (state: EndpointsState) => state.connectOrigins;
/** The user's endpoints' origins the page's policy does not name, joined (a stable string). */
export const selectOriginsToReload = (state: EndpointsState) => originsToReload(state).join(' ');
