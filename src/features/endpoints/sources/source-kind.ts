import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { CreateSourceInput, Source } from '@/api/sources';
import { PAGE_INTROS } from '@/lib/page-intros';
import { sourceQueries, useCreateSource, useDeleteSource, useUpdateSource } from '@/resources/sources';
import { specQueries } from '@/resources/specs';
import type { EndpointKind } from '../endpoint-kind';

export const sourceKind: EndpointKind<Source, CreateSourceInput> = {
  noun: 'source',
  operations: { create: 'createSource', update: 'updateSource', remove: 'deleteSource', verify: 'verifySource' },
  intro: PAGE_INTROS['/sources'].description,
  listPage: '/sources',
  specOf: (source) => source.sourceSpec,
  useAll: () => useSuspenseQuery(sourceQueries.list()).data,
  useOne: (id) => useSuspenseQuery(sourceQueries.detail(id)).data,
  useSpecs: () => useQuery(specQueries.sources()),
  useCreate: useCreateSource,
  createInput: (sourceSpec, displayName) => ({ sourceSpec, displayName }),
  useUpdate: useUpdateSource,
  useDelete: useDeleteSource,
  useOpenCreated: () => {
    const navigate = useNavigate();
    return (source) => void navigate({ to: '/sources/$sourceId', params: { sourceId: String(source.id) }, search: { tab: 'configuration' } });
  },
  createdHint: "Fill in its configuration now, or later from the source's page.",
};
