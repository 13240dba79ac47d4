import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, kindFromStatus } from './errors';

describe('kindFromStatus', () => {
  it.each([
    [400, 'Bad Request', 'bad_request'],
    [401, 'Unauthorized', 'unauthorized'],
    [403, 'Your current plan does not support workflows.', 'forbidden'],
    [404, 'Not Found', 'not_found'],
    [410, 'This configuration link has expired.', 'gone'],
    [500, 'Internal Server Error', 'server'],
    [408, undefined, 'timeout'],
    [504, 'Gateway Timeout', 'timeout'],
    [200, 'Request Timeout', 'timeout'],
    [500, ' request timeout ', 'timeout'],
  ] as const)('maps %i %s to %s', (status, message, kind) => {
    expect(kindFromStatus(status, message)).toBe(kind);
  });
});

describe('ApiError', () => {
  it('falls back to the documented message for its kind', () => {
    expect(new ApiError('not_found').message).toBe('Not Found');
    expect(new ApiError('forbidden', '  ').message).toBe('Your current plan does not support this feature.');
    expect(new ApiError('forbidden', 'Your current plan does not support workflows.').message).toBe('Your current plan does not support workflows.');
  });

  it('is recognised by kind', () => {
    const error = new ApiError('timeout', undefined, { status: 504 });
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'timeout')).toBe(true);
    expect(isApiError(error, 'network')).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });
});
