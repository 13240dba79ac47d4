import { Tabs } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import type { Source } from '@/api/sources';
import { BlockSkeleton } from '@/components/skeletons';
import { SOURCE_TABS, type SourceTab } from './source-tab-names';
import { LazySourceCards, LazySourceFlows, LazySourceResolvers, preloadSourceTab } from './source-tab-panels';

const TAB_LABELS: Record<SourceTab, string> = { configuration: 'Configuration', resolvers: 'Resolvers', cards: 'Configuration cards', flows: 'Flows' };

/** A source's tabs (kept in the URL); only the configuration tab differs between a readable source and one known by id. */
export function SourceTabs({
  source,
  tab,
  onTab,
  configuration,
}: {
  source: Source;
  tab: SourceTab;
  onTab: (tab: SourceTab) => void;
  configuration: ReactNode;
}) {
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        const next = SOURCE_TABS.find((candidate) => candidate === value);
        if (next) onTab(next);
      }}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {SOURCE_TABS.map((value) => (
          // A tab's body is fetched on intent, so it is usually there by the time the click lands.
          <Tabs.Tab
            key={value}
            value={value}
            onMouseEnter={() => {
              preloadSourceTab(value);
            }}
            onFocus={() => {
              preloadSourceTab(value);
            }}
          >
            {TAB_LABELS[value]}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Panel value="configuration">{configuration}</Panel>
      <Panel value="resolvers">
        <LazySourceResolvers sourceId={source.id} />
      </Panel>
      <Panel value="cards">
        <LazySourceCards source={source} />
      </Panel>
      <Panel value="flows">
        <LazySourceFlows sourceId={source.id} />
      </Panel>
    </Tabs>
  );
}

/** A tab's body, with the shape of a few lines while its chunk arrives (only the open tab is mounted). */
function Panel({ value, children }: { value: SourceTab; children: ReactNode }) {
  return (
    <Tabs.Panel value={value}>
      <Suspense fallback={<BlockSkeleton label={`Loading ${TAB_LABELS[value]}`} rows={6} />}>{children}</Suspense>
    </Tabs.Panel>
  );
}
