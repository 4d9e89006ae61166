/** Endpoints: pick the model runs use, manage the user's endpoints, say what a model is. See README.md. */
export { EndpointsStoreProvider, useEndpoints, useEndpointsActions } from './endpoints-context';
export { CorsHelp } from './CorsHelp';
export { ManageEndpoints, preloadEndpointsManager } from './EndpointsDialog';
export { ModelNote } from './ModelNote';
export { ModelPicker } from './ModelPicker';
export { ReloadNotice } from './ReloadNotice';
export { selectConnectOrigins, selectSelectedKind } from './selectors';
