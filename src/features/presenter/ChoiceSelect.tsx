import { useId } from 'react';
import { FOCUS_RING } from '../../components';
import type { ViewRoute } from '../../components/view-route';
import { DEMOS } from '../../state/demos';
import { choiceHash, type PresenterChoiceId } from './route';
import { BODY, SELECT } from './styles';

export interface ChoiceSelectProps {
  readonly route: ViewRoute;
  readonly selected: PresenterChoiceId | null;
  /** Offer "These lanes" (the presenter was opened on two compare lanes). */
  readonly theseLanes: boolean;
}

/** "Demo": switch to another demo (or back to these lanes); the hash holds the choice. */
export function ChoiceSelect({ route, selected, theseLanes }: ChoiceSelectProps) {
  const id = useId();
  const options: { value: PresenterChoiceId; label: string }[] = [
    ...DEMOS.map((demo) => ({ value: demo.id, label: demo.name })),
    ...(theseLanes ? [{ value: 'these-lanes' as const, label: 'These lanes' }] : []),
  ];
  return (
    <div className="flex items-center gap-2">
      {/* Below 1536 wide the select speaks for itself: the title needs the room. */}
      <label htmlFor={id} className={`font-medium max-2xl:sr-only ${BODY}`}>
        Demo
      </label>
      <select
        id={id}
        value={selected ?? ''}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) window.location.hash = choiceHash(route, picked.value);
        }}
        // As wide as the chosen demo's name, not the longest one's: at 1280 the title keeps a line.
        className={`${SELECT} field-sizing-content ${FOCUS_RING}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
