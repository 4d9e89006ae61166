/** Fabrication guard: claims in an answer that need an observation to back them. */
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

const compiled = new Map<string, RegExp>();
function claimPattern(claim: string): RegExp {
  let pattern = compiled.get(claim);
  if (!pattern) {
    pattern = new RegExp(claim, 'i');
    compiled.set(claim, pattern);
  }
  return pattern;
}

/**
 * Pure: checks an answer against the evidence rules. For each rule whose claim matches, the
 * backing steps are those whose observation holds the required field; when no rule matches,
 * every step with a non-empty observation backs the answer.
 */
export function checkEvidence(
  answer: string,
  rules: readonly EvidenceRule[],
  evidence: readonly Evidence[],
): EvidenceCheck {
  const unbacked: EvidenceRule[] = [];
  const refs = new Set<number>();
  let matched = false;
  for (const rule of rules) {
    if (!claimPattern(rule.claim).test(answer)) continue;
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
