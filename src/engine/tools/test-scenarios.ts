/** Test support: small scenarios built in code for the tools tests. */
import type { CorpusDocument, Fixture, Scenario } from '../scenario/types';

/** A valid scenario with the given fixtures and corpus; tools are declared for every fixture. */
export function scenarioWith(
  fixtures: readonly Fixture[],
  corpus?: readonly CorpusDocument[],
): Scenario {
  const names = new Set(fixtures.map((fixture) => fixture.tool));
  if (corpus) for (const name of ['rag_search', 'lexical_search']) names.add(name);
  const base: Scenario = {
    format: 'loopscope.scenario',
    version: 1,
    id: 'test',
    title: 'Test scenario',
    task: 'Answer the question.',
    tags: [],
    tools: [...names].map((name) => ({
      name,
      description: `The ${name} tool`,
      parameters: { type: 'object', properties: {} },
    })),
    fixtures,
    evidenceRules: [],
    model: { kind: 'scripted', turns: [] },
  };
  return corpus ? { ...base, corpus } : base;
}

/** English and German support documents, in a fixed order. */
export const SUPPORT_CORPUS: readonly CorpusDocument[] = [
  {
    id: 'returns',
    title: 'Return policy',
    text: 'Customers may return items within 30 days of delivery for a full refund.',
  },
  {
    id: 'shipping',
    title: 'Shipping times',
    text: 'Standard shipping takes 3 to 5 business days. Express shipping arrives the next day.',
  },
  {
    id: 'refunds',
    title: 'Refunds',
    text: 'Refunds are issued to the original payment method within 5 business days.',
  },
  {
    id: 'hours',
    title: 'Öffnungszeiten',
    text: 'Unser Kundendienst ist montags bis freitags von 8 bis 18 Uhr erreichbar.',
  },
  {
    id: 'directions',
    title: 'Anfahrt',
    text: 'Das Lager liegt in der Hauptstraße 5, direkt neben der Bäckerei.',
  },
];
