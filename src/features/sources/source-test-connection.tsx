import { verifySource } from '@/api/sources';
import { ConnectionCheck } from '@/components/connection-check';

/**
 * "Test connection" (source verify, GET /v2/sources/{id}/verify): the same checklist as destination
 * verify, on what is saved: each missing required property, then a real connection within 10 seconds.
 */
export function SourceTestConnection({ sourceId, unsavedChanges = false }: { sourceId: number; unsavedChanges?: boolean }) {
  return (
    <ConnectionCheck
      label="Test connection"
      what="source"
      check={() => verifySource(sourceId)}
      unsavedChanges={unsavedChanges}
      notFoundMessage="The service answered “not found”: it no longer knows this source, or it cannot test source connections."
    />
  );
}
