/**
 * Which `ui.*` figures the browser bench measures: `--ui=first-load,matrix-9800` picks pieces
 * (and, like `--ui-only`, stops after them); without it, every piece. `--huge-only` is
 * `--ui=huge-trace`.
 */

/** The pieces, in the order they run. */
export const UI_PIECES = [
  'first-load',
  'compare-10k',
  'matrix-9800',
  'huge-trace',
  'otlp-100k',
  'step-select',
  'step-while-matrix',
  'open-close',
] as const;
export type UiPiece = (typeof UI_PIECES)[number];

/** Pure: the pieces `--ui=…` names in `args` (every piece without it), or the problem. */
export function parseUiPieces(
  args: readonly string[],
):
  { readonly pieces: readonly UiPiece[]; readonly picked: boolean } | { readonly problem: string } {
  const flag = args.includes('--huge-only')
    ? '--ui=huge-trace'
    : args.find((arg) => arg.startsWith('--ui='));
  if (flag === undefined) return { pieces: UI_PIECES, picked: false };
  const names = flag.slice('--ui='.length).split(',').filter(Boolean);
  const unknown = names.filter((name) => !(UI_PIECES as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    return {
      problem: `--ui= takes pieces among ${UI_PIECES.join(', ')} (got "${flag.slice(5)}")`,
    };
  }
  return { pieces: UI_PIECES.filter((piece) => names.includes(piece)), picked: true };
}
