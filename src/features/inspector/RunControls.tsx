import { Button } from '../../components';
import { useRunActions, useRunStore } from '../run';
import { PauseIcon, PlayIcon, ResetIcon, StepIcon, StopIcon } from '../../components/icons';
import { selectPaused, selectStatus } from './selectors';

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
  return (
    <div role="group" aria-label="Run controls" className="flex shrink-0 items-center gap-1">
      <Button
        tone="primary"
        size="sm"
        onClick={() => void actions.run()}
        disabled={running}
        focusableWhenDisabled
        title="Run the scenario"
      >
        <PlayIcon />
        Run
      </Button>
      <Button size="sm" onClick={actions.step} title="Run one model call, then pause">
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
