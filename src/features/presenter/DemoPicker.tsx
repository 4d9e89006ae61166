import { useEffect } from 'react';
import { FOCUS_RING } from '../../components';
import type { ViewRoute } from '../../components/view-route';
import type { Scenario } from '../../engine';
import type { KeyValueStorage } from '../../state';
import { DEMOS } from '../../state/demos';
import { ThemeToggle } from '../inspector';
import { ExitLink } from './ExitLink';
import { choiceHash, type PresenterChoiceId } from './route';
import { BODY, CARD_TITLE, MUTED, STRONG, TITLE } from './styles';

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
      {/* One header row, as a playing demo's: the page's title beside the theme and Exit. */}
      <header className="flex shrink-0 items-center gap-4 border-b border-slate-200 px-8 py-3 dark:border-slate-800">
        <img src="/favicon.svg" alt="" width={32} height={32} className="shrink-0" />
        <h1 className={`${TITLE} ${STRONG}`}>Choose a demo</h1>
        <p className={`hidden self-end pb-1 xl:block ${BODY} ${MUTED}`}>Loopscope presenter</p>
        <div className="ml-auto flex items-center gap-4">
          <ThemeToggle storage={storage} />
          <ExitLink href={exit} />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-[110rem] flex-1 flex-col gap-4 px-8 py-5">
        {problem && (
          <p
            role="alert"
            className={`rounded-xl border-2 border-amber-500 bg-amber-50 px-5 py-3 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50 ${BODY}`}
          >
            {problem} Choose a demo instead, or open the lanes in compare and press Present these
            lanes.
          </p>
        )}
        <p className={`max-w-5xl ${BODY} ${MUTED}`}>
          Each plays two runs of one task side by side, with captions, and pauses where they part
          ways. Seeded, on the built-in simulated model: it plays the same way every time.
        </p>
        <ul className="grid gap-4 lg:grid-cols-3">
          {cards.map((card) => (
            <li key={card.id} className="flex">
              <a
                href={choiceHash(route, card.id)}
                aria-labelledby={`demo-${card.id}`}
                aria-describedby={`demo-${card.id}-about`}
                className={`flex flex-1 flex-col gap-2 rounded-2xl border-2 border-slate-300 bg-slate-50 px-5 py-4 transition-colors hover:border-sky-600 hover:bg-sky-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-sky-400 dark:hover:bg-slate-800 ${FOCUS_RING}`}
              >
                <h2 id={`demo-${card.id}`} className={`text-balance ${CARD_TITLE} ${STRONG}`}>
                  {card.title}
                </h2>
                <p id={`demo-${card.id}-about`} className={`${BODY} ${MUTED}`}>
                  {card.description}
                </p>
                {/* The scenario by its title, then by its id as the inspector's Scenario select shows it. */}
                <p className={`mt-auto pt-1 ${BODY} font-medium text-sky-800 dark:text-sky-300`}>
                  {card.scenario.title}{' '}
                  {/* The id and the arrow keep together: an arrow alone on a line reads as a stray. */}
                  <span className="whitespace-nowrap">
                    <span className="rounded bg-sky-100 px-1.5 font-mono text-[0.8em] text-sky-900 dark:bg-sky-950 dark:text-sky-200">
                      {card.scenario.id}
                    </span>{' '}
                    <span aria-hidden="true">→</span>
                  </span>
                </p>
              </a>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}
