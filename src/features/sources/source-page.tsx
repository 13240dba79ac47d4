import { Alert, Group, Paper } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { SpecSummary } from '@/components/spec-summary';
import { sourceQueries } from '@/resources/sources';
import { ConfigureSource } from './source-configuration';
import { type SourceTab, SourceTabs } from './source-tabs';

export function SourcePage({ sourceId, tab, onTab }: { sourceId: number; tab: SourceTab; onTab: (tab: SourceTab) => void }) {
  const { data: source } = useSuspenseQuery(sourceQueries.detail(sourceId));
  const [savedAt, setSavedAt] = useState<string | null>(null);
  return (
    <>
      <PageHeader section="sources" title={source.displayName || `Source ${String(source.id)}`} description={`Source ${String(source.id)}`} />
      <Paper withBorder p="md" mb="lg">
        <SpecSummary spec={source.sourceSpec} />
      </Paper>
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
            <ConfigureSource
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
