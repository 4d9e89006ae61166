/** Fabrication guard: claims in an answer that need an observation to back them. */
import { CLAIM_TEXT_LIMIT, claimProblem } from '../scenario/claim-safety';
import type { EvidenceRule } from '../scenario/types';
import { holdsField } from '../tools';

/** One observation the guard may cite: the step that minted it and its result. */
export interface Evidence {
  readonly step: number;
  readonly result: unknown;
  readonly empty: boolean;
}

export interface EvidenceCheck {
  /** Rules whose claim the answer makes while no observation backs them. */
  readonly unbacked: readonly EvidenceRule[];
  /** Steps whose observations back the answer (see the contract for the rule). */
  readonly evidenceRefs: readonly number[];
}

const compiled = new Map<string, RegExp | null>();
/**
 * The claim compiled, or null for one `claimProblem` refuses. A loaded scenario never has such a
 * claim (the schema refuses it with its path); this keeps a scenario built in code from freezing
 * the loop too.
 */
function claimPattern(claim: string): RegExp | null {
  let pattern = compiled.get(claim);
  if (pattern === undefined) {
    pattern = claimProblem(claim) === null ? new RegExp(claim, 'i') : null;
    compiled.set(claim, pattern);
  }
  return pattern;
}

/**
 * Pure: checks an answer against the evidence rules. For each rule whose claim matches, the
 * backing steps are those whose observation holds the required field; when no rule matches,
 * every step with a non-empty observation backs the answer. A claim is looked for in the first
 * `CLAIM_TEXT_LIMIT` characters of the answer, so its cost is bounded.
 */
export function checkEvidence(
  answer: string,
  rules: readonly EvidenceRule[],
  evidence: readonly Evidence[],
): EvidenceCheck {
  const unbacked: EvidenceRule[] = [];
  const refs = new Set<number>();
  let matched = false;
  const text = answer.length > CLAIM_TEXT_LIMIT ? answer.slice(0, CLAIM_TEXT_LIMIT) : answer;
  for (const rule of rules) {
    if (!claimPattern(rule.claim)?.test(text)) continue;
    matched = true;
    const backing = evidence.filter((item) =>
      holdsField(item.result, rule.requires.field, rule.requires.equals),
    );
    if (backing.length === 0) unbacked.push(rule);
    for (const item of backing) refs.add(item.step);
  }
  if (!matched) for (const item of evidence) if (!item.empty) refs.add(item.step);
  return { unbacked, evidenceRefs: [...refs].sort((a, b) => a - b) };
}
