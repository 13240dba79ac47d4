import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '@/api/first-pages';
import { signIn } from '@/mock-service/api-test-helpers';
import { flowQueries } from '@/resources/flows';
import { recordSentUrls } from '@/test/sent-urls';
import { askFirstFlowsPageAhead, flowListsKey } from './flows-list-ahead';

let sent: string[] = [];
const listCalls = () => sent.filter((url) => url.includes('/v2/flows')).length;

beforeEach(() => {
  signIn();
  sent = recordSentUrls();
});

describe('askFirstFlowsPageAhead', () => {
  it('names every flows list query as resources/flows keys them', () => {
    expect(flowQueries.list().queryKey.slice(0, flowListsKey.length)).toEqual(flowListsKey);
    expect(flowQueries.firstPage().queryKey.slice(0, flowListsKey.length)).toEqual(flowListsKey);
    expect(flowQueries.firstPage().queryKey).toContainEqual(FIRST_PAGE);
  });

  it('asks for the first page when no flows list is cached, and the first page query reads that answer', async () => {
    const client = new QueryClient();
    askFirstFlowsPageAhead(client);
    expect(listCalls()).toBe(1);
    await client.query(flowQueries.firstPage());
    expect(listCalls()).toBe(1);
  });

  it('asks nothing when a flows list is already cached (after the overview)', async () => {
    const client = new QueryClient();
    await client.query(flowQueries.list());
    const before = listCalls();
    askFirstFlowsPageAhead(client);
    expect(listCalls()).toBe(before);
  });
});
