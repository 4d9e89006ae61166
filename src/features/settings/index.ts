/** The settings panel: every knob of the loop's config, tuned live on built-in models. See README.md. */
export { SettingsPane } from './SettingsPane';
