import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Source } from '@/api/sources';
import { SourceCards } from './source-cards';
import { SourceFlows } from './source-flows';
import { SourceResolvers } from './source-resolvers';
import { SOURCE_TABS, type SourceTab } from './source-tab-names';

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
        <Tabs.Tab value="configuration">Configuration</Tabs.Tab>
        <Tabs.Tab value="resolvers">Resolvers</Tabs.Tab>
        <Tabs.Tab value="cards">Configuration cards</Tabs.Tab>
        <Tabs.Tab value="flows">Flows</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="configuration">{configuration}</Tabs.Panel>
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
  );
}
