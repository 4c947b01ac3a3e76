/**
 * Saving files from the browser: a Blob behind a temporary object URL and a clicked link.
 * Names are made safe for every desktop file system, since they come from scenario names.
 */

/** `Reno vs SACK: lossy/3G` → `Reno-vs-SACK-lossy-3G`; never empty, never longer than 80 characters. */
export function safeFilename(name: string, fallback = 'tcp-lab'): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return cleaned === '' ? fallback : cleaned;
}

export function downloadBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked on the next turn: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function downloadText(filename: string, mime: string, text: string): void {
  downloadBlob(filename, new Blob([text], { type: `${mime};charset=utf-8` }));
}
