import { MAX_EVAL_SEEDS } from '../../state/eval-store';
import { useEvalActions, useEvalStore } from './eval-store-context';
import { NumberField } from './NumberField';
import { selectSeeds } from './selectors';

/** "Seeds per cell": a number field; what is typed stays as typed until it leaves the field. */
export function SeedsField() {
  const actions = useEvalActions();
  const seeds = useEvalStore(selectSeeds);
  return (
    <NumberField
      label="Seeds per cell"
      value={seeds}
      min={1}
      max={MAX_EVAL_SEEDS}
      hint={`1–${MAX_EVAL_SEEDS}; seeds 1, 2, …`}
      onChange={(value) => actions.setSeeds(value)}
    />
  );
}
