/**
 * Pure: the editor's problems (line and column, 1-based) as CodeMirror lint diagnostics over the
 * document they were found in: each marks from its column to the end of its line's text.
 */
import type { Diagnostic } from '@codemirror/lint';
import type { Text } from '@codemirror/state';
import type { SourceProblem } from '../../state/scenario-check';

/** Pure: the diagnostic of each problem; one past the document's end sits at its last line. */
export function toDiagnostics(doc: Text, problems: readonly SourceProblem[]): Diagnostic[] {
  return problems.map((problem) => {
    const line = doc.line(Math.max(1, Math.min(problem.line, doc.lines)));
    const from = Math.min(line.from + Math.max(0, problem.column - 1), line.to);
    const end = line.from + line.text.trimEnd().length;
    // An empty mark (a problem at a line's end) still shows: it covers one character back.
    const to = end > from ? end : Math.min(from + 1, doc.length);
    return {
      from: to === from && from > 0 ? from - 1 : from,
      to,
      severity: 'error',
      source: problem.path,
      message: `${problem.path}: ${problem.message}`,
    };
  });
}
