import { useEffect } from 'react';
import { FOCUS_RING } from '../../components';
import type { ViewRoute } from '../../components/view-route';
import type { Scenario } from '../../engine';
import type { KeyValueStorage } from '../../state';
import { DEMOS } from '../../state/demos';
import { ThemeToggle } from '../inspector';
import { ExitLink } from './ExitLink';
import { choiceHash, type PresenterChoiceId } from './route';
import { BODY, HEADING, MUTED, STRONG, TITLE } from './styles';

interface Card {
  readonly id: PresenterChoiceId;
  readonly title: string;
  readonly description: string;
  /** The scenario by its title, and by its id as the inspector's Scenario select names it. */
  readonly scenario: { readonly id: string; readonly title: string };
}

export interface DemoPickerProps {
  readonly route: ViewRoute;
  readonly scenarios: readonly Scenario[];
  readonly exit: string;
  readonly storage: KeyValueStorage;
  /** Why the link's lanes cannot be played, said above the demos. */
  readonly problem?: string | null;
}

/**
 * The presenter's first page: the demos as big links. (Opened on compare lanes, the presenter
 * plays them at once; the Demo select offers them as "These lanes".)
 */
export function DemoPicker({ route, scenarios, exit, storage, problem = null }: DemoPickerProps) {
  const titleOf = (id: string) => scenarios.find((scenario) => scenario.id === id)?.title ?? id;
  const cards: Card[] = DEMOS.map((demo) => ({
    id: demo.id,
    title: demo.title,
    description: demo.description,
    scenario: { id: demo.scenarioId, title: titleOf(demo.scenarioId) },
  }));
  // Esc leaves the picker too (the outside system: a document listener, with cleanup).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      window.location.hash = exit;
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [exit]);
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-950 dark:bg-slate-950 dark:text-white">
      <header className="flex shrink-0 items-center gap-4 border-b border-slate-200 px-8 py-4 dark:border-slate-800">
        <img src="/favicon.svg" alt="" width={28} height={28} className="shrink-0" />
        <p className="text-2xl font-semibold tracking-tight">Loopscope presenter</p>
        <div className="ml-auto flex items-center gap-4">
          <ThemeToggle storage={storage} />
          <ExitLink href={exit} />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-[110rem] flex-1 flex-col gap-6 px-8 py-8">
        <div className="flex flex-col gap-2">
          {problem && (
            <p
              role="alert"
              className={`rounded-xl border-2 border-amber-500 bg-amber-50 px-5 py-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50 ${BODY}`}
            >
              {problem} Choose a demo instead, or open the lanes in compare and press Present these
              lanes.
            </p>
          )}
          <h1 className={`${TITLE} ${STRONG}`}>Choose a demo</h1>
          <p className={`max-w-5xl ${BODY} ${MUTED}`}>
            Each one plays two runs of the same task side by side, with captions, and pauses where
            they part ways. It runs on the built-in simulated model, seeded, so it plays the same
            way every time.
          </p>
        </div>
        <ul className="grid gap-5 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card.id} className="flex">
              <a
                href={choiceHash(route, card.id)}
                aria-labelledby={`demo-${card.id}`}
                aria-describedby={`demo-${card.id}-about`}
                className={`flex flex-1 flex-col gap-3 rounded-2xl border-2 border-slate-300 bg-slate-50 p-6 transition-colors hover:border-sky-600 hover:bg-sky-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-sky-400 dark:hover:bg-slate-800 ${FOCUS_RING}`}
              >
                <h2 id={`demo-${card.id}`} className={`${HEADING} ${STRONG}`}>
                  {card.title}
                </h2>
                <p id={`demo-${card.id}-about`} className={`${BODY} ${MUTED}`}>
                  {card.description}
                </p>
                <p className={`mt-auto pt-2 ${BODY} font-medium text-sky-800 dark:text-sky-300`}>
                  {card.scenario.title}{' '}
                  <span className="font-mono text-[0.85em] whitespace-nowrap">
                    ({card.scenario.id})
                  </span>{' '}
                  →
                </p>
              </a>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
