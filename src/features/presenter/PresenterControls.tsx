import { useId } from 'react';
import { Button, FOCUS_RING } from '../../components';
import {
  FullscreenIcon,
  NextIcon,
  PauseIcon,
  PlayIcon,
  PreviousIcon,
  ResetIcon,
} from '../../components/icons';
import { PRESENTER_SPEEDS, type PresenterSpeed } from '../../state/presenter-store';
import { usePresenter, usePresenterApi } from './presenter-context';
import { selectPauseOnMoments, selectPhase, selectSpeed } from './selectors';
import { BODY, CONTROL, SELECT } from './styles';

const speedWord = (speed: PresenterSpeed) => `${speed}×`;

/** A button's words: always its name, shown beside the icon where the window is wide. */
const Words = ({ children }: { readonly children: string }) => (
  <span className="max-2xl:sr-only">{children}</span>
);

export interface PresenterControlsProps {
  readonly fullscreen: boolean;
  readonly onFullscreen: () => void;
}

/**
 * Restart, Previous, Play/Pause, Next; the speed, whether to pause on reflections and guard
 * trips, and full screen. One row at 1280 wide: the step buttons show their words from 1536 up.
 */
export function PresenterControls({ fullscreen, onFullscreen }: PresenterControlsProps) {
  const store = usePresenterApi();
  const phase = usePresenter(selectPhase);
  const speed = usePresenter(selectSpeed);
  const pauseOnMoments = usePresenter(selectPauseOnMoments);
  const speedId = useId();
  const playing = phase === 'playing';
  const idle = phase === 'preparing' || phase === 'failed';
  return (
    <div
      role="group"
      aria-label="Playback"
      className="flex shrink-0 flex-wrap items-center gap-x-5 gap-y-3 border-t border-slate-200 bg-slate-50 px-8 py-2.5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center gap-2">
        <Button
          className={CONTROL}
          disabled={idle}
          onClick={() => store.getState().actions.restart()}
          title="Restart (Home)"
        >
          <ResetIcon />
          <Words>Restart</Words>
        </Button>
        <Button
          className={CONTROL}
          disabled={idle}
          onClick={() => store.getState().actions.previous()}
          title="Previous step (←)"
        >
          <PreviousIcon />
          <Words>Previous</Words>
        </Button>
        <Button
          tone="primary"
          className={`${CONTROL} min-w-[8.5rem]`}
          disabled={idle}
          onClick={() => store.getState().actions.toggle()}
          title={playing ? 'Pause (Space)' : 'Play (Space)'}
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
          {playing ? 'Pause' : 'Play'}
        </Button>
        <Button
          className={CONTROL}
          disabled={idle || phase === 'closing'}
          onClick={() => store.getState().actions.next()}
          title="Next step (→)"
        >
          <Words>Next</Words>
          <NextIcon />
        </Button>
      </div>
      <div className="ml-auto flex flex-wrap items-center gap-x-5 gap-y-3">
        <div className="flex items-center gap-2">
          <label htmlFor={speedId} className={`font-medium ${BODY}`}>
            Speed
          </label>
          <select
            id={speedId}
            value={String(speed)}
            onChange={(event) =>
              store.getState().actions.setSpeed(Number(event.target.value) as PresenterSpeed)
            }
            className={`${SELECT} ${FOCUS_RING}`}
          >
            {PRESENTER_SPEEDS.map((option) => (
              <option key={option} value={String(option)}>
                {speedWord(option)}
              </option>
            ))}
          </select>
        </div>
        {/* Its words wrap in two lines, so the controls keep to one row from 1024 wide. */}
        <label className={`flex max-w-[15em] cursor-pointer items-center gap-3 ${BODY}`}>
          <input
            type="checkbox"
            checked={pauseOnMoments}
            onChange={(event) => store.getState().actions.setPauseOnMoments(event.target.checked)}
            className={`h-6 w-6 shrink-0 accent-sky-700 dark:accent-sky-400 ${FOCUS_RING}`}
          />
          Pause on reflections and guard trips
        </label>
        <Button className={CONTROL} onClick={onFullscreen} title="Full screen (F)">
          <FullscreenIcon />
          <Words>{fullscreen ? 'Exit full screen' : 'Full screen'}</Words>
        </Button>
      </div>
    </div>
  );
}
