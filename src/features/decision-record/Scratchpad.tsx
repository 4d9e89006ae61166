import { Clipped, Markdown } from '../../components';
import type { ScratchpadPart } from '../../projections/decision-record';
import { Section } from './Section';

/**
 * The model's own text, split into its parts (Thought, the ReflAct reflection's three parts, the
 * action line, the final answer), styled apart from observations: it is a scratchpad, not evidence.
 */
export function Scratchpad({ parts }: { readonly parts: readonly ScratchpadPart[] }) {
  if (parts.length === 0) return null;
  return (
    <Section
      title="Model's text"
      note="a scratchpad, not evidence: only tool observations back a claim"
    >
      <div className="space-y-2.5 rounded-md border border-dashed border-amber-300 bg-amber-50/60 px-3 py-2.5 dark:border-amber-700/60 dark:bg-amber-950/20">
        {parts.map((part) => (
          <div key={part.label}>
            <p className="text-[11px] font-semibold text-amber-900 dark:text-amber-200">
              {part.label}
            </p>
            <Clipped text={part.text}>
              {(shown) =>
                part.markdown ? (
                  <Markdown className="text-[13px] leading-relaxed text-slate-900 dark:text-slate-100">
                    {shown}
                  </Markdown>
                ) : (
                  <p
                    className={`text-[13px] leading-relaxed break-words whitespace-pre-wrap text-slate-800 dark:text-slate-200 ${
                      part.label === 'Action' ? 'font-mono text-xs' : ''
                    }`}
                  >
                    {shown}
                  </p>
                )
              }
            </Clipped>
          </div>
        ))}
      </div>
    </Section>
  );
}
