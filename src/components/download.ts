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
