/** The decision record's policy section: allowed or denied, the deciding guard, other trips. */
import { Clipped } from '../../components';
import {
  GUARD_LABEL,
  type DecisionRecordView,
  type GuardTrip,
} from '../../projections/decision-record';
import { Section } from './Section';

const TRIP_OUTCOME: Readonly<Record<GuardTrip['outcome'], string>> = {
  escalate: 'escalated the run',
  block: 'blocked the call',
  reprompt: 'asked the model again',
  stop: 'stopped the attempt',
  count: 'counted it only (the guard is off)',
};

/** Allowed or denied, and the guard that decided (with its detail). */
export function PolicySection({ view }: { readonly view: DecisionRecordView }) {
  const { policy, otherTrips } = view;
  return (
    <Section title="Policy">
      {policy.outcome === 'denied' ? (
        <div className="rounded-md border border-rose-200 bg-rose-50 px-3 py-2 dark:border-rose-900 dark:bg-rose-950/40">
          <p className="text-[13px] font-semibold text-rose-900 dark:text-rose-100">
            Denied
            {policy.guard && (
              <>
                {' by '}
                {GUARD_LABEL[policy.guard]}{' '}
                <code className="rounded bg-rose-100 px-1 font-mono text-xs font-normal dark:bg-rose-900/60">
                  {policy.guard}
                </code>
              </>
            )}
          </p>
          {policy.detail && (
            <Clipped text={policy.detail}>
              {(shown) => (
                <p className="mt-1 text-xs leading-relaxed wrap-anywhere text-rose-950 dark:text-rose-100/90">
                  {shown}
                </p>
              )}
            </Clipped>
          )}
        </div>
      ) : (
        <div>
          <p className="flex items-center gap-1.5 text-[13px] font-semibold text-emerald-800 dark:text-emerald-300">
            <span aria-hidden="true">✓</span> Allowed
          </p>
          {policy.passed.length > 0 && (
            <ul className="mt-0.5 space-y-0.5 text-xs text-slate-600 dark:text-slate-400">
              {policy.passed.map((check) => (
                <li key={check}>{check}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {otherTrips.map((trip) => (
        <div
          key={`${trip.guard}-${trip.outcome}`}
          className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs dark:border-amber-900 dark:bg-amber-950/40"
        >
          <p className="font-semibold text-amber-950 dark:text-amber-100">
            {GUARD_LABEL[trip.guard]} {TRIP_OUTCOME[trip.outcome]}
          </p>
          <Clipped text={trip.detail}>
            {(shown) => (
              <p className="mt-0.5 wrap-anywhere text-amber-950/90 dark:text-amber-100/90">
                {shown}
              </p>
            )}
          </Clipped>
        </div>
      ))}
    </Section>
  );
}
