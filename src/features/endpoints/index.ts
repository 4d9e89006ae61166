/** Endpoints: pick the model runs use, and say what it is. See README.md. */
export { EndpointsStoreProvider, useEndpoints } from './endpoints-context';
export { ModelNote } from './ModelNote';
export { ModelPicker } from './ModelPicker';
