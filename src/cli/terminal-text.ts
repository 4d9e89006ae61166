/**
 * Text bound for a terminal, made inert: a model reply, a server's error message or a scenario
 * file must not be able to drive the terminal (set its title, clear it, write the clipboard with
 * OSC 52, plant OSC 8 links) through the CLI's human output.
 */

/** C0 controls but tab (0x09) and newline (0x0a), DEL, and the C1 controls (0x80–0x9f). */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Writes human output (step lists, tables, error lines, the bench's figures) to a terminal stream
 * with its control characters shown as `\xNN`: text from replies, servers, scenario files or a
 * child process cannot drive the terminal. JSON goes out as is, not through this.
 */
export function say(stream: { write(text: string): unknown }, text: string): void {
  stream.write(visibleControls(text));
}

/**
 * Pure: `text` with every C0/C1 control character except newline and tab written out as a
 * literal `\xNN` escape (two lower-case hex digits), so ESC shows as the four characters `\x1b`.
 */
export function visibleControls(text: string): string {
  return text.replace(
    CONTROLS,
    (control) => `\\x${control.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}
