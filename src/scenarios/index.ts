/**
 * The built-in scenarios: data files validated when loaded. Add a file here and to BUILTIN_FILES;
 * a test checks that every JSON file in this folder is listed and loads.
 */
import { parseScenario, type Scenario } from '../engine';
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

let cache: readonly Scenario[] | null = null;

/** Every built-in scenario, validated (throws ScenarioError on a broken built-in file). */
export function builtinScenarios(): readonly Scenario[] {
  cache ??= BUILTIN_FILES.map((file) => parseScenario(file));
  return cache;
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
