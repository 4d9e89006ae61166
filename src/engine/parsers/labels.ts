/** The labels of the text protocol: one scan that slices a reply into its labelled sections. */

export type LabelKind =
  'thought' | 'reflection' | 'action' | 'finalAnswer' | 'observation' | 'goal';

/**
 * Any label, case-insensitive, anywhere but inside a word: `Thought:`, `REFLECTION:`, `Action 2:`,
 * `**Final Answer**:`. The lookbehind keeps a label from starting inside a word or a run of `*`,
 * which also keeps the scan linear on adversarial input.
 */
const LABEL_RE =
  /(?<![a-z*])\**(thought|reflection|action|final[ \t_]*answer|observation|goal)(?:[ \t]*\d+)?\**[ \t]*:/gi;
const OBSERVATION_RE = /(?<![a-z*])\**observation(?:[ \t]*\d+)?\**[ \t]*:/i;

const KIND_BY_INITIAL: Readonly<Record<string, LabelKind>> = {
  t: 'thought',
  r: 'reflection',
  a: 'action',
  f: 'finalAnswer',
  o: 'observation',
  g: 'goal',
};

/** The raw text of the first occurrence of each label (up to the next label), and where reading stopped. */
export interface Sections {
  readonly thought?: string;
  readonly reflection?: string;
  readonly action?: string;
  readonly finalAnswer?: string;
  /** Index of the first `Observation:` label, or the text's length: nothing after it is read. */
  readonly end: number;
}

/** Slices `text` into labelled sections in one pass; only each label's first match counts; stops at `Observation:`. */
export function scanSections(text: string): Sections {
  const found: { -readonly [K in keyof Sections]: Sections[K] } = { end: text.length };
  let open: LabelKind | null = null;
  let start = 0;
  const close = (at: number): void => {
    if (open !== null && open !== 'observation' && open !== 'goal' && found[open] === undefined) {
      found[open] = text.slice(start, at);
    }
  };
  LABEL_RE.lastIndex = 0;
  for (let m = LABEL_RE.exec(text); m; m = LABEL_RE.exec(text)) {
    close(m.index);
    open = KIND_BY_INITIAL[(m[1] ?? '').charAt(0).toLowerCase()] ?? null;
    if (open === 'observation') {
      found.end = m.index;
      return found;
    }
    start = m.index + m[0].length;
    while (text[start] === '*') start++; // the closing `**` of `**Action:**`
  }
  close(text.length);
  return found;
}

/** Removes everything from the first `Observation:` label (case-insensitive) on and trims trailing whitespace. */
export function cutAtObservation(text: string): string {
  const at = text.search(OBSERVATION_RE);
  return (at < 0 ? text : text.slice(0, at)).trimEnd();
}

const LABEL_NAMES = ['thought', 'reflection', 'action', 'final answer', 'observation', 'goal'];
const LONGEST_LABEL = 12;
const BLANKS_RE = /[ \t]+/g;
const SPACE_RE = /\s/;

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'));
}

/** `end` moved back over spaces and tabs. */
function backOverBlanks(text: string, end: number): number {
  let i = end;
  while (text[i - 1] === ' ' || text[i - 1] === '\t') i--;
  return i;
}

/** Start of the run of letters that ends at `end`, or -1 when it is longer than any label. */
function wordStart(text: string, end: number): number {
  let i = end;
  while (isLetter(text[i - 1])) {
    i--;
    if (end - i > LONGEST_LABEL) return -1;
  }
  return i;
}

/** True for a non-empty prefix of a label name, or a whole name without its colon. */
function isLabelPrefix(fragment: string): boolean {
  const lower = fragment.toLowerCase().replace(BLANKS_RE, ' ');
  return LABEL_NAMES.some((name) => name.startsWith(lower));
}

/** Hides a half-typed label at the very end of streamed text (`…\nAct`, `… Final Ans`, `… Action`). */
export function stripTrailingLabelFragment(text: string): string {
  const last = wordStart(text, backOverBlanks(text, text.length));
  if (last < 0) return text;
  const previous = wordStart(text, backOverBlanks(text, last)); // for two-word labels: `Final Ans`
  for (const from of [previous, last]) {
    const before = text[from - 1];
    const startsWord = before === undefined || before === '*' || SPACE_RE.test(before);
    if (from >= 0 && from < text.length && startsWord && isLabelPrefix(text.slice(from))) {
      return text.slice(0, from);
    }
  }
  return text;
}
