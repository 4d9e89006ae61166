/**
 * Narrow selectors over the endpoints store, at module scope (STYLE rule 7). Its actions are not
 * selected: `useEndpointsActions()` gives them.
 */
import { selectedEndpoint, type EndpointsState } from '../../state/endpoints-store';

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
