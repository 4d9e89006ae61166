import { FOCUS_RING } from '../../components';
import type { ConfigOverrides, LoopConfig } from '../../engine';
import { stallTrap } from '../../projections/setting-traps';
import { KnobControl } from './KnobControls';
import { KNOB_GROUPS } from './knobs';

/** The fields a stall trap (`stallTrap`) concerns: each says so. */
const TRAP_KNOBS: ReadonlySet<string> = new Set(['stall-exit', 'stall-threshold']);

export interface KnobGroupsProps {
  /** The resolved config the fields show. */
  readonly config: LoopConfig;
  /** What a field's "changed" dot compares against (the scenario's defaults, a baseline lane). */
  readonly defaults: LoopConfig;
  readonly onChange: (change: ConfigOverrides) => void;
  /** Knob ids left out (a compare lane shows its first few in a form of its own). */
  readonly omit?: readonly string[];
}

/**
 * The settings' knobs in their folding groups (Loop, Reflection, Guards, Attempts), each with its
 * one-line help: the inspector's Settings panel and a compare lane's settings both show these.
 */
export function KnobGroups({ config, defaults, onChange, omit = [] }: KnobGroupsProps) {
  // A stall threshold above the stall exit: both fields say adaptive reflection cannot fire.
  const trap = stallTrap(config);
  return KNOB_GROUPS.map((group) => {
    const knobs = group.knobs.filter((knob) => !omit.includes(knob.id));
    if (knobs.length === 0) return null;
    return (
      <details
        key={group.title}
        open
        className="group/section border-b border-slate-100 dark:border-slate-800/80"
      >
        <summary
          className={`flex cursor-pointer list-none items-center gap-1.5 px-3 py-2 text-[11px] font-semibold tracking-wider text-slate-500 uppercase select-none hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200 [&::-webkit-details-marker]:hidden ${FOCUS_RING} focus-visible:ring-inset focus-visible:ring-offset-0`}
        >
          <span
            aria-hidden="true"
            className="inline-block transition-transform group-open/section:rotate-90"
          >
            ▸
          </span>
          {group.title}
        </summary>
        <div className="px-3 pb-2">
          {knobs.map((knob) => (
            <KnobControl
              key={knob.id}
              knob={knob}
              config={config}
              changed={knob.read(config) !== knob.read(defaults)}
              onChange={onChange}
              warning={trap && TRAP_KNOBS.has(knob.id) ? trap : null}
            />
          ))}
        </div>
      </details>
    );
  });
}
