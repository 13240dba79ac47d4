import { Group } from '@mantine/core';
import { ActivitySection } from '@/components/activity-section';
import { useState } from 'react';
import { SavedNote } from '../endpoint-configuration';
import { EndpointHeader } from '../endpoint-header';
import { sourceKind } from './source-kind';
import type { SourceTab } from './source-tab-names';
import { LazyConfigureSource } from './source-tab-panels';
import { CardReceivedNote } from './card-received-note';
import { SourceTabs } from './source-tabs';

export function SourcePage({ sourceId, tab, onTab }: { sourceId: number; tab: SourceTab; onTab: (tab: SourceTab) => void }) {
  const source = sourceKind.useOne(sourceId);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <EndpointHeader kind={sourceKind} endpoint={source} />
      <CardReceivedNote sourceId={sourceId} />
      <SourceTabs
        source={source}
        tab={tab}
        onTab={onTab}
        configuration={
          <>
            {saved && (
              <Group mb="md">
                <SavedNote
                  onClose={() => {
                    setSaved(false);
                  }}
                />
              </Group>
            )}
            <LazyConfigureSource
              source={source}
              onSaved={() => {
                setSaved(true);
              }}
            />
          </>
        }
      />
      <ActivitySection resourceType="source" resourceId={source.id} />
    </>
  );
}
