/**
 * The built-in scenarios: data files, written whole (every default the schema would fill in is
 * spelled out), so the app uses them as they are and the page needs no schema at start (zod
 * loads with the first user's file or the editor). index.test.ts checks that each parses to
 * itself; a test in cli.test.ts that every JSON file in this folder is listed. Add a file here
 * and to BUILTIN_FILES.
 */
import type { Scenario } from '../engine';
import rcaCheckoutLatency from './rca-checkout-latency.json';
import rcaPaymentErrors from './rca-payment-errors.json';
import rcaWorkerOom from './rca-worker-oom.json';
import rcaSearchStall from './rca-search-stall.json';
import rcaQueueStall from './rca-queue-stall.json';
import rcaNightly503Stall from './rca-nightly-503-stall.json';
import dgAgenturContact from './dg-agentur-contact.json';
import returnsLaptop from './returns-laptop.json';
import shopopsHappy from './shopops-happy.json';
import shopopsHostileLoop from './shopops-hostile-loop.json';
import shopopsFabricatedAgreement from './shopops-fabricated-agreement.json';
import shopopsBackedAgreement from './shopops-backed-agreement.json';
import shopopsProseReply from './shopops-prose-reply.json';
import triagePriorityRetry from './triage-priority-retry.json';
import triagePrintingMemory from './triage-printing-memory.json';

/** Raw JSON of the built-in scenarios, in the order the app and `loop eval` list them. */
export const BUILTIN_FILES: readonly unknown[] = [
  rcaCheckoutLatency,
  rcaPaymentErrors,
  rcaWorkerOom,
  rcaSearchStall,
  rcaQueueStall,
  rcaNightly503Stall,
  dgAgenturContact,
  returnsLaptop,
  shopopsHappy,
  shopopsHostileLoop,
  shopopsFabricatedAgreement,
  shopopsBackedAgreement,
  shopopsProseReply,
  triagePriorityRetry,
  triagePrintingMemory,
];

/**
 * Every built-in scenario. An escape hatch from validation, safe because the files are ours:
 * index.test.ts checks that `parseScenario` returns each file unchanged (valid, defaults written
 * out, no unknown keys), so the page does not run the schema on them at start.
 */
export function builtinScenarios(): readonly Scenario[] {
  return BUILTIN_FILES as readonly Scenario[];
}

/** The built-in scenario with this id, or undefined. */
export function findBuiltin(id: string): Scenario | undefined {
  return builtinScenarios().find((scenario) => scenario.id === id);
}

/** The built-in scenario with this id; throws naming the id when there is none (for tests, tools). */
export function builtinScenario(id: string): Scenario {
  const found = findBuiltin(id);
  if (!found) throw new Error(`no built-in scenario "${id}"`);
  return found;
}
