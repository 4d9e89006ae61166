import { problemText } from '../../state/scenario-check';
import { FOCUS_RING } from '../../components';
import { useEditorActions, useEditorStore } from './editor-context';
import { selectChecking, selectProblems } from './selectors';

/**
 * The draft's problems in words, each with its line ("line 12: $.tools[0].name: …"); clicking
 * one puts the editor's cursor there.
 */
export function ProblemList() {
  const problems = useEditorStore(selectProblems);
  const checking = useEditorStore(selectChecking);
  const actions = useEditorActions();
  return (
    <section
      aria-label="Problems"
      aria-live="polite"
      className="shrink-0 border-t border-slate-200 px-3 py-2 text-[13px] dark:border-slate-800"
    >
      {problems.length === 0 ? (
        <p className="text-emerald-800 dark:text-emerald-300">
          {checking
            ? 'Checking once you pause typing…'
            : 'No problems: a valid Scenario JSON v1 scenario.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-1">
          {problems.map((problem) => (
            <li key={`${problem.line}:${problem.column}:${problem.path}`}>
              <button
                type="button"
                onClick={() => actions.jumpTo(problem)}
                title="Put the cursor there"
                className={`rounded text-left font-mono text-[12.5px] text-red-800 hover:underline dark:text-red-300 ${FOCUS_RING}`}
              >
                {problemText(problem)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
