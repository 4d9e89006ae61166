import type { ViewRoute } from '../../components/view-route';
import type { KeyValueStorage } from '../../state';
import { selectSelectedKind, useEndpoints } from '../endpoints';
import { ThemeToggle } from '../inspector';
import { ChoiceSelect } from './ChoiceSelect';
import { ExitLink } from './ExitLink';
import { DEMO_WATCH } from './labels';
import { usePresenter } from './presenter-context';
import type { PresenterChoiceId } from './route';
import { selectDemoId, selectRow, selectTitle, selectWatch } from './selectors';
import { BODY, HEADING, MUTED, STRONG, TITLE } from './styles';

export interface PresenterHeaderProps {
  readonly route: ViewRoute;
  readonly selected: PresenterChoiceId | null;
  readonly theseLanes: boolean;
  readonly exit: string;
  readonly storage: KeyValueStorage;
}

/**
 * The demo's title and what to watch (in full on the title card, in one line once it plays, so
 * the lanes keep the room); the demo picker, the theme and Exit.
 */
export function PresenterHeader({
  route,
  selected,
  theseLanes,
  exit,
  storage,
}: PresenterHeaderProps) {
  const title = usePresenter(selectTitle);
  const watch = usePresenter(selectWatch);
  const demoId = usePresenter(selectDemoId);
  const row = usePresenter(selectRow);
  const endpoint = useEndpoints(selectSelectedKind);
  const shown = row === null || demoId === null ? watch : DEMO_WATCH[demoId];
  return (
    <header className="flex shrink-0 flex-col gap-1 border-b border-slate-200 px-8 py-3 dark:border-slate-800">
      <div className="flex items-start gap-6">
        {/* Once it plays, the title steps down a size: the lanes need the room. */}
        <h1 className={`min-w-0 flex-1 text-balance ${row === null ? TITLE : HEADING} ${STRONG}`}>
          {title}
        </h1>
        <div className="flex shrink-0 items-center gap-3">
          <ChoiceSelect route={route} selected={selected} theseLanes={theseLanes} />
          <ThemeToggle storage={storage} />
          <ExitLink href={exit} />
        </div>
      </div>
      <p className={`${BODY} ${MUTED}`}>
        <span className={`font-semibold ${STRONG}`}>What to watch:</span> {shown}
      </p>
      {endpoint === 'user' ? (
        <p className={`${BODY} text-amber-900 dark:text-amber-200`}>
          Your endpoint is not used here: the demo plays on the built-in simulated model, seeded, so
          it plays the same way every time.
        </p>
      ) : null}
    </header>
  );
}
