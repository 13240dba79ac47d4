import type { AuditEntry } from '@/api/audit';

/** The entries as JSON Lines: one entry per line, as the service answered it. */
export const jsonLines = (entries: readonly AuditEntry[]): string =>
  entries.map((entry) => JSON.stringify(entry)).join('\n') + (entries.length > 0 ? '\n' : '');

/** Hands the browser a file to save. */
export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
