import { SelectField, type SelectOption } from '../../components';
import type { MockSpeed } from '../../state/endpoints-store';
import { ManageEndpoints } from './EndpointsDialog';
import { useEndpoints, useEndpointsActions } from './endpoints-context';
import { selectEndpoints, selectSelected, selectSelectedId, selectSpeed } from './selectors';

type SpeedValue = '0' | '1' | '2' | '5';
const SPEED_OPTIONS: readonly SelectOption<SpeedValue>[] = [
  { value: '0', label: 'Instant' },
  { value: '1', label: '1×' },
  { value: '2', label: '2×' },
  { value: '5', label: '5×' },
];

/**
 * The "Model" select (the built-in simulated model and the user's endpoints by name) and, for
 * the built-in model, its "Speed". Changing them never starts a run.
 */
export function ModelPicker({
  disabled = false,
  layout = 'stacked',
}: {
  readonly disabled?: boolean;
  /** `inline` puts each label beside its select, for a toolbar. */
  readonly layout?: 'stacked' | 'inline';
}) {
  const endpoints = useEndpoints(selectEndpoints);
  const selectedId = useEndpoints(selectSelectedId);
  const selected = useEndpoints(selectSelected);
  const speed = useEndpoints(selectSpeed);
  const actions = useEndpointsActions();
  const options = endpoints.map((endpoint) => ({ value: endpoint.id, label: endpoint.name }));

  return (
    <>
      <div className="flex shrink-0 items-end gap-1">
        <SelectField
          label="Model"
          value={selectedId}
          options={options}
          onChange={actions.selectEndpoint}
          disabled={disabled}
          layout={layout}
          {...(layout === 'inline' ? { selectClassName: 'w-52' } : { className: 'w-52' })}
        />
        <ManageEndpoints />
      </div>
      {selected.kind === 'builtin' && (
        // Speed may change mid-run: the mock reads it at every wait.
        <SelectField
          label="Speed"
          value={String(speed) as SpeedValue}
          options={SPEED_OPTIONS}
          onChange={(value) => actions.setSpeed(Number(value) as MockSpeed)}
          layout={layout}
          {...(layout === 'inline'
            ? { selectClassName: 'w-[5.25rem]', className: 'shrink-0' }
            : { className: 'w-20' })}
        />
      )}
    </>
  );
}
