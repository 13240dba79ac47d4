import { describe, expect, it } from 'vitest';
import { cardQueries } from './cards';
import { flowKeys, flowQueries } from './flows';
import { ServiceSupport } from './service-support';
import { sourceQueries } from './sources';
import { uploadQueries } from './uploads';
import { webhookQueries } from './webhooks';
import { workflowKeys, workflowQueries } from './workflows';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, index) => key[index] === part);

describe('query keys', () => {
  it('have one shape: [resource], [resource, "list", params?], [resource, "detail", id, ...sub]', () => {
    expect(flowQueries.list().queryKey).toEqual(['flows', 'list']);
    expect(flowQueries.status(new ServiceSupport(), 7).queryKey).toEqual(['flows', 'detail', 7, 'status']);
    expect(flowQueries.detail(new ServiceSupport(), 7).queryKey).toEqual(['flows', 'detail', 7, 'flow']);
    expect(flowQueries.attempts(7, { limit: 25, offset: 0, order: 'DESC' }).queryKey).toEqual([
      'flows',
      'detail',
      7,
      'attempts',
      { limit: 25, offset: 0, order: 'DESC' },
    ]);
    expect(sourceQueries.list().queryKey).toEqual(['sources', 'list', { view: 'all' }]);
    expect(sourceQueries.names().queryKey).toEqual(['sources', 'list', { view: 'names' }]);
    expect(sourceQueries.detail(3).queryKey).toEqual(['sources', 'detail', 3]);
    expect(cardQueries.recipient('abc').queryKey).toEqual(['cards', 'detail', 'abc']);
    expect(uploadQueries.limits().queryKey).toEqual(['upload-limits']);
  });

  it('put everything about one item under its detail key, sub-resources included', () => {
    for (const key of [
      flowQueries.status(new ServiceSupport(), 7).queryKey,
      flowQueries.detail(new ServiceSupport(), 7).queryKey,
      flowQueries.attempts(7, { limit: 10, offset: 0, order: 'ASC' }).queryKey,
    ])
      expect(startsWith(key, flowKeys.detail(7))).toBe(true);
    for (const key of [workflowQueries.status(2).queryKey, webhookQueries.list(2).queryKey, webhookQueries.detail(2, 5).queryKey])
      expect(startsWith(key, workflowKeys.detail(2))).toBe(true);
    for (const key of [sourceQueries.resolvers(3).queryKey, sourceQueries.name(new ServiceSupport(), 3).queryKey, cardQueries.ofSource(3).queryKey])
      expect(startsWith(key, sourceQueries.detail(3).queryKey)).toBe(true);
    expect(webhookQueries.detail(2, 5).queryKey).toEqual(['workflows', 'detail', 2, 'webhooks', 'detail', 5]);
    // The list of triggers is not a prefix of one trigger: refreshing the list leaves triggers opened by id alone.
    expect(startsWith(webhookQueries.detail(2, 5).queryKey, webhookQueries.list(2).queryKey)).toBe(false);
  });
});
