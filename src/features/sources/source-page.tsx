import { Alert, Group, Paper, Tabs } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { SpecSummary } from '@/components/spec-summary';
import { sourceQueries } from '@/lib/queries/source-queries';
import { SourceCards } from './source-cards';
import { ConfigureSource } from './source-configuration';
import { SourceFlows } from './source-flows';
import { SourceResolvers } from './source-resolvers';

export const SOURCE_TABS = ['configuration', 'resolvers', 'cards', 'flows'] as const;
export type SourceTab = (typeof SOURCE_TABS)[number];

export function SourcePage({ sourceId, tab, onTab }: { sourceId: number; tab: SourceTab; onTab: (tab: SourceTab) => void }) {
  const { data: source } = useSuspenseQuery(sourceQueries.detail(sourceId));
  const [savedAt, setSavedAt] = useState<string | null>(null);
  return (
    <>
      <PageHeader title={source.displayName || `Source ${String(source.id)}`} description={`Source ${String(source.id)}`} />
      <Paper withBorder p="md" mb="lg">
        <SpecSummary spec={source.sourceSpec} />
      </Paper>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = SOURCE_TABS.find((candidate) => candidate === value);
          if (next) onTab(next);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="configuration">Configuration</Tabs.Tab>
          <Tabs.Tab value="resolvers">Resolvers</Tabs.Tab>
          <Tabs.Tab value="cards">Configuration cards</Tabs.Tab>
          <Tabs.Tab value="flows">Flows</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="configuration">
          {savedAt && (
            <Group mb="md">
              <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => { setSavedAt(null); }}>
                Saved. Only the fields you changed were sent.
              </Alert>
            </Group>
          )}
          <ConfigureSource source={source} onSaved={(updated) => { setSavedAt(updated.updatedAt ?? new Date().toISOString()); }} />
        </Tabs.Panel>
        <Tabs.Panel value="resolvers">
          <SourceResolvers sourceId={source.id} />
        </Tabs.Panel>
        <Tabs.Panel value="cards">
          <SourceCards source={source} />
        </Tabs.Panel>
        <Tabs.Panel value="flows">
          <SourceFlows sourceId={source.id} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
