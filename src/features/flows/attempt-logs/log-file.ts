import type { LogLine } from '@/api/attempt-logs';

// A downloaded log: plain text (one line each, UTC time first, fields as JSON at the end) or JSON Lines
// (each line as the service answers it). Times in a file are ISO 8601 in UTC: unambiguous wherever it is read.

export type LogFileFormat = 'text' | 'jsonl';

export function logFileText(lines: readonly LogLine[], format: LogFileFormat): string {
  if (format === 'jsonl') return lines.map((line) => JSON.stringify(line)).join('\n') + (lines.length > 0 ? '\n' : '');
  return lines
    .map((line) => {
      const fields = Object.keys(line.fields).length > 0 ? ` ${JSON.stringify(line.fields)}` : '';
      return `${line.at} ${line.level.toUpperCase().padEnd(5)} ${line.resource ?? '-'} ${line.message}${fields}`;
    })
    .join('\n')
    .concat(lines.length > 0 ? '\n' : '');
}

export const logFileName = (flowId: number, attemptId: number, format: LogFileFormat) =>
  `flow-${String(flowId)}-attempt-${String(attemptId)}.${format === 'jsonl' ? 'jsonl' : 'log'}`;

/** Hands the text to the browser as a file download. */
export function saveFile(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has started the download; the URL is no longer needed once it has.
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1_000);
}
