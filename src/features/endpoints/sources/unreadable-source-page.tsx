import { Alert, Stack } from '@mantine/core';
import { type Source, sourceSchema } from '@/api/sources';
import { PageHeader } from '@/components/page-header';
import { usePermission } from '@/resources/identity';
import { sourceKind } from './source-kind';
import type { SourceTab } from './source-tab-names';
import { SourceTabs } from './source-tabs';
import { SourceTestConnection } from './source-test-connection';

/** All the dashboard knows of a source it cannot read: its id (the interface's reader takes a spec given by name only). */
const knownOnlyById = (id: number): Source => sourceSchema.parse({ id, sourceSpec: 'unknown', properties: {} });

/**
 * A source on a service that has no get-source operation (the interface has none; Flowdeck's service
 * adds it, the hosted one does not): the source exists, since its resolvers answer, but its settings
 * cannot be shown. What the interface does allow still works: test connection, resolvers, sharing a
 * configuration card link, and the flows that read from it.
 */
export function UnreadableSourcePage({ sourceId, tab, onTab }: { sourceId: number; tab: SourceTab; onTab: (tab: SourceTab) => void }) {
  const source = knownOnlyById(sourceId);
  const mayTest = usePermission(sourceKind.operations.verify);
  return (
    <>
      <PageHeader section="sources" title={`Source ${String(sourceId)}`} description="Its settings are not readable from this service." />
      <SourceTabs
        source={source}
        tab={tab}
        onTab={onTab}
        configuration={
          <Stack gap="lg" maw={760}>
            <Alert color="gray" variant="light" title="This service does not let Flowdeck read a source">
              It answered “not found” to reading source {sourceId} (its interface has no such operation) while the source itself exists. Its settings cannot be
              shown or edited here: share a configuration card link to have them filled in.
            </Alert>
            <SourceTestConnection sourceId={sourceId} permission={mayTest} />
          </Stack>
        }
      />
    </>
  );
}
