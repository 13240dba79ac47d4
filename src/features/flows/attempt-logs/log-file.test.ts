import { describe, expect, it } from 'vitest';
import { logLineSchema } from '@/api/attempt-logs';
import { logFileText } from './log-file';

// A service in proxy mode (or an older one) may answer raw control characters in a line: the
// dashboard escapes them as it reads, so each download holds one line per log line.

const raw = {
  at: '2026-05-01T10:00:00.000Z',
  level: 'error',
  event: 'resource.failed',
  message: 'Failed:\r\n2030-01-01T00:00:00.000Z ERROR - forged\u001b[2K\u2028\u202e',
  resource: 'orders\n',
  fields: { error: 'a\nb\u2029' },
};

describe('downloaded logs', () => {
  it('hold one line per log line, with control characters escaped, in both formats', () => {
    const lines = [logLineSchema.parse(raw), logLineSchema.parse({ ...raw, message: 'ok' })];
    const text = logFileText(lines, 'text');
    expect(text.split('\n')).toHaveLength(3);
    expect(text).toContain('orders\\n Failed:\\r\\n2030-01-01T00:00:00.000Z ERROR - forged\\u001b[2K\\u2028\\u202e {"error":"a\\\\nb\\\\u2029"}');
    const jsonl = logFileText(lines, 'jsonl');
    expect(jsonl.split('\n')).toHaveLength(3);
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    expect(jsonl).not.toMatch(/[\u2028\u2029\u202e\u001b]/);
  });
});
