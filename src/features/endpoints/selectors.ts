/** Narrow selectors over the endpoints store, at module scope (STYLE rule 7). */
import { selectedEndpoint, type EndpointsState } from '../../state/endpoints-store';

export const selectEndpoints = (state: EndpointsState) => state.endpoints;
export const selectSelectedId = (state: EndpointsState) => state.selectedId;
export const selectSelected = (state: EndpointsState) => selectedEndpoint(state);
export const selectSpeed = (state: EndpointsState) => state.speed;
export const selectTransport = (state: EndpointsState) => state.builtinTransport;
export const selectEndpointActions = (state: EndpointsState) => ({
  selectEndpoint: state.selectEndpoint,
  setSpeed: state.setSpeed,
});
