import { describe, expect, it } from 'vitest';
import { scrubFields, secretScrubber } from '../runs/log-scrub';

// What keeps secrets out of attempt logs, on its own: the run's secret values wherever they appear
// (plain or URL-encoded), credentials in URLs and the values of query parameters that look like them.

describe('the log scrubber', () => {
  const scrub = secretScrubber(['s3cr3t/pass', 'tok_123']);

  it('blanks the secret values, plain or URL-encoded, and keeps the rest', () => {
    expect(scrub('password s3cr3t/pass was refused; token tok_123, again tok_123')).toBe('password ******** was refused; token ********, again ********');
    expect(scrub('GET /x?p=s3cr3t%2Fpass failed')).toBe('GET /x?p=******** failed');
    expect(scrub('orders: 5,000 rows loaded')).toBe('orders: 5,000 rows loaded');
  });

  it('blanks credentials in URLs and credential-like query parameters', () => {
    const clean = secretScrubber([]);
    expect(clean('fetching https://ann:hunter2@api.example.com/v1/people failed')).toBe('fetching https://********@api.example.com/v1/people failed');
    expect(clean('postgres://flowdeck:pw@db:5432/x')).toBe('postgres://********@db:5432/x');
    expect(clean('https://api.example.com/v1?page=2&access_token=abc&api_key=def&sig=ghi&name=ok')).toBe(
      'https://api.example.com/v1?page=2&access_token=********&api_key=********&sig=********&name=ok',
    );
  });

  it('leaves secrets too short to blank safely, and scrubs string fields only', () => {
    expect(secretScrubber(['ab'])('a tab and a cab')).toBe('a tab and a cab');
    expect(scrubFields({ error: 'bad tok_123', loaded: 5, ok: true, none: null }, scrub)).toEqual({ error: 'bad ********', loaded: 5, ok: true, none: null });
  });
});
