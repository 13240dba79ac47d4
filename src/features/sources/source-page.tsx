import { Alert, Group, Paper } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EndpointHeader } from '@/components/endpoint-header';
import { SpecSummary } from '@/components/spec-summary';
import { useUsedBy } from '@/resources/endpoints';
import { sourceQueries, useDeleteSource, useUpdateSource } from '@/resources/sources';
import { CardReceivedNote } from './card-received-note';
import type { SourceTab } from './source-tab-names';
import { LazyConfigureSource } from './source-tab-panels';
import { SourceTabs } from './source-tabs';

export function SourcePage({ sourceId, tab, onTab }: { sourceId: number; tab: SourceTab; onTab: (tab: SourceTab) => void }) {
  const { data: source } = useSuspenseQuery(sourceQueries.detail(sourceId));
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const navigate = useNavigate();
  const rename = useUpdateSource(sourceId);
  const remove = useDeleteSource({ onDeleted: () => void navigate({ to: '/sources' }) });
  const usedBy = useUsedBy('source');
  return (
    <>
      <EndpointHeader noun="source" endpoint={source} rename={rename} remove={remove} usedBy={usedBy && (usedBy.get(sourceId) ?? [])} />
      <Paper withBorder p="md" mb="lg">
        <SpecSummary spec={source.sourceSpec} />
      </Paper>
      <CardReceivedNote sourceId={sourceId} />
      <SourceTabs
        source={source}
        tab={tab}
        onTab={onTab}
        configuration={
          <>
            {savedAt && (
              <Group mb="md">
                <Alert
                  color="teal"
                  variant="light"
                  role="status"
                  withCloseButton
                  onClose={() => {
                    setSavedAt(null);
                  }}
                >
                  Saved. Only the fields you changed were sent.
                </Alert>
              </Group>
            )}
            <LazyConfigureSource
              source={source}
              onSaved={(updated) => {
                setSavedAt(updated.updatedAt ?? new Date().toISOString());
              }}
            />
          </>
        }
      />
    </>
  );
}
