/**
 * The editor's look in light and dark: every colour is a CSS custom property set in
 * `app/index.css` (`--editor-*`, switched by `.dark`, `.light` and the OS preference), so one
 * theme follows the page's theme with no reconfiguring. Custom properties inherit into the
 * editor's shadow root; the rules themselves are mounted there as a constructed style sheet.
 */
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

const theme = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--editor-text)',
    backgroundColor: 'var(--editor-background)',
    fontSize: '13px',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    lineHeight: '1.5',
  },
  '.cm-content': { caretColor: 'var(--editor-text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--editor-text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection':
    { backgroundColor: 'var(--editor-selection)' },
  '.cm-activeLine': { backgroundColor: 'var(--editor-active-line)' },
  '.cm-gutters': {
    backgroundColor: 'var(--editor-gutter)',
    color: 'var(--editor-muted)',
    borderRight: '1px solid var(--editor-border)',
  },
  '.cm-activeLineGutter': { backgroundColor: 'var(--editor-active-line)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--editor-background)',
    color: 'var(--editor-text)',
    border: '1px solid var(--editor-border)',
  },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--editor-error)' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--editor-error)',
    textUnderlineOffset: '3px',
  },
  '.cm-matchingBracket': { backgroundColor: 'var(--editor-selection)', color: 'inherit' },
});

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--editor-key)' },
  { tag: tags.string, color: 'var(--editor-string)' },
  { tag: tags.number, color: 'var(--editor-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--editor-keyword)' },
  { tag: tags.invalid, color: 'var(--editor-error)' },
]);

/** The editor's theme and syntax colours. */
export const editorTheme = [theme, syntaxHighlighting(highlight)];
