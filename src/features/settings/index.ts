export { SettingsPane } from './SettingsPane';
