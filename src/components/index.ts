/** Primitives that know nothing about runs. */
export { Button, type ButtonProps } from './Button';
export { CLIP_CHARS, Clipped, ClippedLine, clipLine, clipText, LINE_CHARS } from './Clipped';
export { ModalDialog, type ModalDialogProps } from './ModalDialog';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { FOCUS_RING } from './focus-ring';
export { JsonView } from './JsonView';
export { Markdown, preloadMarkdown } from './Markdown';
export { StepGlyph, type StepGlyphName } from './StepGlyph';
export { CopyLinkButton, pageLink, type CopyLinkButtonProps } from './CopyLinkButton';
export { LinkProblem } from './LinkProblem';
export { lazyComponent, type LazyComponent } from './lazy-component';
export { LazyBoundary, LoadingNote } from './LazyBoundary';
export { afterPaint } from './after-paint';
