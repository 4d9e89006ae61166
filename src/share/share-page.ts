/**
 * The shared page's one piece of data: a recorded run, as Trace JSON v2 (with its scenario), in
 * `<script type="application/json" id="loopscope-run">`. Pure string work, used by the app's
 * Export → HTML page and by `loop run|open --html` alike.
 */

/** The id of the script element that carries the run. */
export const RUN_ELEMENT_ID = 'loopscope-run';

/** The run element's start tag, as the template writes it. */
const RUN_START_TAG = `<script type="application/json" id="${RUN_ELEMENT_ID}">`;
const END_TAG = '</script>';

/** The template holds no run element: not the share page (or a page from another build). */
export class SharePageError extends Error {
  readonly code = 'not_a_share_template';
  constructor() {
    super(
      `not a Loopscope share page template: it has no <script type="application/json" id="${RUN_ELEMENT_ID}"> element (build it with npm run build:share)`,
    );
    this.name = 'SharePageError';
  }
}

/**
 * Pure: JSON that can sit inside a `<script>` element. Every `<` is written `\u003c` (so neither
 * `</script>` nor `<!--` in model text can end or change the element) and the line separators
 * U+2028/U+2029 as escapes too; `JSON.parse` reads the text back to the same value.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Pure: the template with `run` (a native trace: `toNativeTraceJson(trace, scenario)`) as the
 * content of its run element; the rest of the template is untouched. Throws SharePageError when
 * the template has no run element.
 */
export function sharePage(template: string, run: object): string {
  // The last one: the element sits at the end of <body>, after the inlined script, whose code
  // may hold the tag's text in a string (its `</script` is always written `\x3C/script`).
  const open = template.lastIndexOf(RUN_START_TAG);
  const close = open < 0 ? -1 : template.indexOf(END_TAG, open + RUN_START_TAG.length);
  if (close < 0) throw new SharePageError();
  // Sliced, not String.replace: `$&` or `$'` in model text must not be read as patterns.
  return `${template.slice(0, open + RUN_START_TAG.length)}${scriptSafeJson(run)}${template.slice(close)}`;
}

/** The `format` of a page's compare: several recorded lanes of one scenario. */
export const SHARED_COMPARE_FORMAT = 'loopscope.compare';

/** One lane of a shared compare: its label and its run as a native trace. */
export interface SharedLane {
  readonly label: string;
  readonly run: object;
}

/** Pure: what a compare's page carries: `{format: "loopscope.compare", version: 1, lanes}`. */
export function sharedCompareJson(lanes: readonly SharedLane[]): object {
  return { format: SHARED_COMPARE_FORMAT, version: 1, lanes };
}
