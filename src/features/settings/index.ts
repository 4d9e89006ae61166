/** The settings panel: every knob of the loop's config, tuned live on built-in models. See README.md. */
export { SettingsPane } from './SettingsPane';
/** The knobs in their groups, and their changes in words: a compare lane's settings reuse them. */
export { KnobGroups, type KnobGroupsProps } from './KnobGroups';
export { describeChanges } from './knobs';
/** Saved settings applied (the inspector's panel and a compare lane). */
export { ApplySaved } from './ApplySaved';
export { changesTo } from './apply-saved';
