/**
 * CodeMirror 6 on a scenario's JSON, loaded only when the editor opens (`React.lazy` in
 * `DraftEditor.tsx`: this module and CodeMirror are their own chunk). The editor lives in a
 * shadow root: there CodeMirror mounts its styles as a constructed style sheet
 * (`adoptedStyleSheets`) instead of a `<style>` element, which the page's Content-Security-Policy
 * (`style-src 'self'`) would block (docs/security.md). Tab is left to move focus (no
 * `indentWithTab`); Enter indents, Mod-[ / Mod-] change a line's indentation.
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { lintGutter, linter, lintKeymap } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import {
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { SourceProblem } from '../../state/scenario-check';
import { toDiagnostics } from './diagnostics';
import { editorTheme } from './editor-theme';

/** How long typing pauses before the text is checked (long enough not to flash on each key). */
const CHECK_DELAY_MS = 400;

export interface JsonEditorProps {
  /** Reads the text it opens with, once as it mounts (a new draft remounts it: key it by the draft). */
  readonly readText: () => string;
  /** The editor's accessible name. */
  readonly label: string;
  /** Every change of the text. */
  readonly onChange: (text: string) => void;
  /** Checks the text as last changed; its problems become the editor's diagnostics. */
  readonly check: () => readonly SourceProblem[];
  /** Subscribes to requests to put the cursor at a line and column; returns the release. */
  readonly onJump: (listener: (to: Pick<SourceProblem, 'line' | 'column'>) => void) => () => void;
}

/** Puts the cursor at a 1-based line and column (clamped to the text) and focuses the editor. */
function moveTo(view: EditorView, { line, column }: Pick<SourceProblem, 'line' | 'column'>) {
  const { doc } = view.state;
  const at = doc.line(Math.max(1, Math.min(line, doc.lines)));
  const anchor = Math.min(at.from + Math.max(0, column - 1), at.to);
  view.dispatch({ selection: { anchor }, scrollIntoView: true });
  view.focus();
}

export default function JsonEditor({ readText, label, onChange, check, onJump }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);

  // Outside system: the CodeMirror view in its shadow root (and the store's jump requests),
  // destroyed with the component.
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const parent = document.createElement('div');
    parent.style.height = '100%';
    root.append(parent);
    const view = new EditorView({
      root,
      parent,
      state: EditorState.create({
        doc: readText(),
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          history(),
          indentOnInput(),
          bracketMatching(),
          json(),
          lintGutter(),
          linter((current) => toDiagnostics(current.state.doc, check()), {
            delay: CHECK_DELAY_MS,
          }),
          keymap.of([...defaultKeymap, ...historyKeymap, ...lintKeymap]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange(update.state.doc.toString());
          }),
          // An explicit tab stop: the text is where Tab lands (and what makes its scroller reachable).
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          editorTheme,
        ],
      }),
    });
    const release = onJump((to) => moveTo(view, to));
    return () => {
      release();
      view.destroy();
      parent.remove();
    };
  }, [readText, label, onChange, check, onJump]);

  return <div ref={host} className="h-full min-h-0" />;
}
