import { useState } from 'react';
import { Button } from '../../components';
import { useRunActions, useRunStore } from '../run';
import { PauseIcon, PlayIcon, ResetIcon, StepIcon, StopIcon } from '../../components/icons';
import { selectPaused, selectStatus } from './selectors';

/**
 * The settings field that shows a value it could not take (the settings pane marks it
 * `aria-invalid`), if any. An escape hatch: it reads the page, as the pane keeps what was typed
 * in its own fields.
 */
function invalidSetting(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(
    'section[aria-label="Settings"] input[aria-invalid="true"]',
  );
}

/**
 * Run, Step (one model call at a time; starts a paused run when idle), Pause / Resume, Stop and
 * Reset, wired to the run store's actions. A button that disables itself as the run starts or
 * ends keeps the keyboard's focus (Enter on Run leaves focus on Run, not on the page).
 */
export function RunControls() {
  const status = useRunStore(selectStatus);
  const paused = useRunStore(selectPaused);
  const actions = useRunActions();
  const running = status === 'running';
  const [refused, setRefused] = useState<string | null>(null);
  /** Starts a run unless a settings field shows an invalid value (then points at it). */
  const startWith = (start: () => void) => () => {
    const field = status === 'running' ? null : invalidSetting();
    if (field) {
      // Running now would use the value from before the invalid one: point at the field instead.
      const name = field.labels?.[0]?.textContent?.trim() || 'A setting';
      setRefused(`${name} shows an invalid value: fix it, then run.`);
      field.focus();
      return;
    }
    setRefused(null);
    start();
  };
  const run = startWith(() => void actions.run());
  const step = startWith(actions.step);
  return (
    <div
      role="group"
      aria-label="Run controls"
      className="relative flex shrink-0 items-center gap-1"
    >
      {refused && (
        // Fixed, not absolute: the top bar clips what overflows it.
        <p
          role="alert"
          className="fixed top-24 left-1/2 z-50 w-max max-w-[90vw] -translate-x-1/2 rounded-md border border-rose-300 bg-rose-50 px-2 py-1 text-xs font-medium text-rose-900 shadow-sm dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
        >
          {refused}
        </p>
      )}
      <Button
        tone="primary"
        size="sm"
        onClick={run}
        // The run code loads on first use: pointing at Run or focusing it starts the load.
        onPointerEnter={actions.prepare}
        onFocus={actions.prepare}
        disabled={running}
        focusableWhenDisabled
        title="Run the scenario"
      >
        <PlayIcon />
        Run
      </Button>
      <Button
        size="sm"
        onClick={step}
        onPointerEnter={actions.prepare}
        onFocus={actions.prepare}
        title="Run one model call, then pause"
      >
        <StepIcon />
        Step
      </Button>
      {paused && running ? (
        <Button size="sm" onClick={actions.resume} title="Carry on from here">
          <PlayIcon />
          Resume
        </Button>
      ) : (
        <Button
          size="sm"
          onClick={actions.pause}
          disabled={!running}
          focusableWhenDisabled
          title="Pause before the next model call"
        >
          <PauseIcon />
          Pause
        </Button>
      )}
      <Button
        size="sm"
        onClick={actions.stop}
        disabled={!running}
        focusableWhenDisabled
        title="Stop the run; keep its steps"
      >
        <StopIcon />
        Stop
      </Button>
      <Button
        size="sm"
        tone="ghost"
        onClick={actions.reset}
        disabled={status === 'idle'}
        focusableWhenDisabled
        title="Clear the run"
      >
        <ResetIcon />
        Reset
      </Button>
    </div>
  );
}
