import { describe, expect, it } from 'vitest';
import { bearerHeader, bearerToken } from './bearer';

describe('bearerToken', () => {
  it('reads the one token of a Bearer header, in any case of the scheme', () => {
    expect(bearerToken(bearerHeader('fd_key'))).toBe('fd_key');
    expect(bearerToken('bearer   fd_key  ')).toBe('fd_key');
  });

  it('reads no token from anything else', () => {
    for (const header of [undefined, null, '', 'Bearer ', 'Bearer a b', 'Basic fd_key', 'fd_key']) expect(bearerToken(header)).toBeNull();
  });
});
