/** Saved settings: the app's store of named configs, provided to the views. See README.md. */
export {
  SavedConfigsProvider,
  useSavedConfigs,
  useSavedConfigsActions,
  useSavedConfigsApi,
} from './saved-configs-context';
