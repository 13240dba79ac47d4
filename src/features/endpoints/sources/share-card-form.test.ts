import { describe, expect, it } from 'vitest';
import { dateFormat } from '@/lib/format';
import { shareSchema } from './share-card-form';

const schema = shareSchema(dateFormat('utc'));
const errorsOf = (expiresAt: string | null) => {
  const result = schema.safeParse({ expiresAt, imageUrl: '', instruction: '', senderName: '', redirectUrl: '' });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the share link form', () => {
  it('refuses an expiry that is no date and time, instead of submitting an invalid date', () => {
    expect(errorsOf('next tuesday')).toEqual(['Choose a date and time, such as 2026-12-01 09:00.']);
    expect(errorsOf('2099-02-31 10:00')).toEqual(['Choose a date and time, such as 2026-12-01 09:00.']);
  });

  it('asks for an expiry, in the future', () => {
    expect(errorsOf(null)).toEqual(['Choose when the link expires.']);
    expect(errorsOf('2020-01-01 10:00')).toEqual(['The expiry must be in the future.']);
    expect(errorsOf('2099-01-01 10:00')).toEqual([]);
  });

  it('takes only an https redirect', () => {
    const redirectErrors = (redirectUrl: string) => {
      const result = schema.safeParse({ expiresAt: '2099-01-01 10:00', imageUrl: '', instruction: '', senderName: 'Dana', redirectUrl });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(redirectErrors('javascript:alert(1)')).toEqual(['Use an https:// address.']);
    expect(redirectErrors('http://partner.example.com/done')).toEqual(['Use an https:// address.']);
    expect(redirectErrors('https://partner.example.com/done')).toEqual([]);
  });
});
