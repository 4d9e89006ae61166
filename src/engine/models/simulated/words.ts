/** The simulated model's own words, in English and German (the ReflAct seed is German). */

export interface Words {
  readonly state: string;
  readonly discovery: string;
  readonly goal: string;
  readonly nothingYet: string;
  readonly start: string;
  readonly foundNothing: (tool: string) => string;
  readonly repeatTo: string;
  readonly reached: string;
  readonly missing: (what: string) => string;
  readonly doneThought: string;
  readonly partialThought: string;
  readonly prose: string;
  readonly iKnow: (facts: string) => string;
}

export const WORDS: Record<'en' | 'de', Words> = {
  en: {
    state: 'Current state',
    discovery: 'Last discovery',
    goal: 'Goal relation',
    nothingYet: 'I have no information yet.',
    start: '(none - start of the task)',
    foundNothing: (tool) => `${tool} found nothing.`,
    repeatTo: 'Check that again to be sure.',
    reached: 'GOAL REACHED - everything needed is known.',
    missing: (what) => `Not there yet. Next: ${what}`,
    doneThought: 'I have what I need to answer.',
    partialThought: 'This should be enough to answer.',
    prose: 'I think I should look into this a bit more before deciding what to do.',
    iKnow: (facts) => `I know: ${facts}`,
  },
  de: {
    state: 'Aktueller Zustand',
    discovery: 'Letzte Entdeckung',
    goal: 'Ziel-Relation',
    nothingYet: 'Ich habe noch keine Informationen.',
    start: '(Keine - Start der Aufgabe)',
    foundNothing: (tool) => `${tool} hat nichts gefunden.`,
    repeatTo: 'Zur Sicherheit noch einmal prüfen.',
    reached: 'ZIEL ERREICHT - alle Informationen vollständig.',
    missing: (what) => `Noch nicht am Ziel. Als Nächstes: ${what}`,
    doneThought: 'Ich habe alle nötigen Informationen.',
    partialThought: 'Das sollte für eine Antwort reichen.',
    prose: 'Ich sollte mir das noch etwas genauer ansehen, bevor ich entscheide.',
    iKnow: (facts) => `Ich weiß: ${facts}`,
  },
};
