import { memo, type ReactNode, type RefObject } from 'react';
import { Button, SelectField } from '../../components';
import { useRunStore, useRunStoreApi } from '../run';
import { jumpToMark, performShortcut, ShortcutsButton, togglePlayback } from '../shortcuts';
import { Icon, type IconName } from './icons';
import { GuardMark, KindGlyph } from './kinds';
import { nearestSpeed, PLAYBACK_SPEEDS } from './playback';
import {
  NAV,
  selectNavigation,
  selectPlaybackMs,
  selectPlaying,
  selectStepCount,
} from './selectors';

interface IconButtonProps {
  readonly label: string;
  /** The key that does the same, shown in the tooltip. */
  readonly hint: string;
  readonly icon: IconName;
  readonly disabled: boolean;
  readonly onClick: () => void;
}

function IconButton({ label, hint, icon, disabled, onClick }: IconButtonProps) {
  return (
    <Button
      tone="ghost"
      size="icon"
      aria-label={label}
      title={`${label} (${hint})`}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} />
    </Button>
  );
}

interface JumpPairProps {
  readonly noun: string;
  readonly keys: readonly [string, string];
  readonly previous: { readonly disabled: boolean; readonly onClick: () => void };
  readonly next: { readonly disabled: boolean; readonly onClick: () => void };
  readonly marker: ReactNode;
}

/** "‹ Reflection ›": previous and next around a visible word. */
function JumpPair({ noun, keys, previous, next, marker }: JumpPairProps) {
  const lower = noun.toLowerCase();
  return (
    <div className="flex items-center rounded-md border border-slate-200 dark:border-slate-700">
      <IconButton
        label={`Previous ${lower}`}
        hint={keys[0]}
        icon="previous"
        disabled={previous.disabled}
        onClick={previous.onClick}
      />
      <span className="flex items-center gap-1.5 px-1 text-xs font-medium whitespace-nowrap text-slate-700 dark:text-slate-300">
        {marker}
        {noun}
      </span>
      <IconButton
        label={`Next ${lower}`}
        hint={keys[1]}
        icon="next"
        disabled={next.disabled}
        onClick={next.onClick}
      />
    </div>
  );
}

export interface TimelineControlsProps {
  /** Where the playhead painter writes "Step 2 of 5 · reflection (stall)". */
  readonly positionRef: RefObject<HTMLSpanElement | null>;
}

/**
 * Transport (first, previous, play / pause, next, last), the reflection and guard-trip jumps, the
 * step text and the playback speed. Re-renders only when a move opens or closes (NAV bits), not
 * on every cursor move.
 */
export const TimelineControls = memo(function TimelineControls({
  positionRef,
}: TimelineControlsProps) {
  const store = useRunStoreApi();
  const nav = useRunStore(selectNavigation);
  const count = useRunStore(selectStepCount);
  const playing = useRunStore(selectPlaying);
  const playbackMs = useRunStore(selectPlaybackMs);
  const can = (bit: number) => (nav & bit) !== 0;

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800">
      <div role="group" aria-label="Playback" className="flex items-center gap-0.5">
        <IconButton
          label="First step"
          hint="Home"
          icon="first"
          disabled={!can(NAV.back)}
          onClick={() => performShortcut(store, 'first-step')}
        />
        <IconButton
          label="Previous step"
          hint="←"
          icon="previous"
          disabled={!can(NAV.back)}
          onClick={() => performShortcut(store, 'previous-step')}
        />
        <IconButton
          label={playing ? 'Pause playback' : 'Play'}
          hint="Space"
          icon={playing ? 'pause' : 'play'}
          disabled={count === 0}
          onClick={() => togglePlayback(store)}
        />
        <IconButton
          label="Next step"
          hint="→"
          icon="next"
          disabled={!can(NAV.forward)}
          onClick={() => performShortcut(store, 'next-step')}
        />
        <IconButton
          label="Last step"
          hint="End"
          icon="last"
          disabled={!can(NAV.forward) && !can(NAV.canFollow)}
          onClick={() => performShortcut(store, 'last-step')}
        />
      </div>

      <div className="flex items-center gap-2">
        <JumpPair
          noun="Reflection"
          keys={['[', ']']}
          marker={
            <KindGlyph kind="reflection" className="h-3 w-3 text-violet-600 dark:text-violet-400" />
          }
          previous={{
            disabled: !can(NAV.previousReflection),
            onClick: () => jumpToMark(store, 'reflection', -1),
          }}
          next={{
            disabled: !can(NAV.nextReflection),
            onClick: () => jumpToMark(store, 'reflection', 1),
          }}
        />
        <JumpPair
          noun="Guard trip"
          keys={['Shift+G', 'G']}
          marker={<GuardMark className="h-1.5 w-2.5 text-rose-600 dark:text-rose-400" />}
          previous={{
            disabled: !can(NAV.previousGuard),
            onClick: () => jumpToMark(store, 'guard', -1),
          }}
          next={{
            disabled: !can(NAV.nextGuard),
            onClick: () => jumpToMark(store, 'guard', 1),
          }}
        />
      </div>

      <span
        ref={positionRef}
        role="status"
        className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800 tabular-nums dark:text-slate-100"
      />

      <div className="flex items-center gap-1">
        <SelectField
          label="Playback speed"
          layout="inline"
          value={nearestSpeed(playbackMs)}
          options={PLAYBACK_SPEEDS}
          onChange={(value) => store.getState().actions.setPlaybackMs(Number(value))}
          selectClassName="w-20"
        />
        <ShortcutsButton />
      </div>
    </div>
  );
});
