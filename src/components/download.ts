/** Saves text as a file: a Blob, an object URL, a download link clicked, the URL revoked. */
export function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the URL by the time the click returns; revoke on the next turn.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** "2026-12-02-14-05-09": a moment as it can stand in a file's name (UTC). */
export const fileStamp = (at: number): string =>
  new Date(at).toISOString().slice(0, 19).replace(/[:T]/g, '-');
