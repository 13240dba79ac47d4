import { verifyDestination } from '@/api/destinations';
import { ConnectionCheck } from '@/components/connection-check';
import { usePermission } from '@/resources/identity';
import { destinationKind } from './destination-kind';

/** "Verify": each message as a checklist item under a visible 10-second bound. */
export function VerifyPanel({ destinationId, unsavedChanges }: { destinationId: number; unsavedChanges: boolean }) {
  const permission = usePermission(destinationKind.operations.verify);
  return (
    <ConnectionCheck label="Verify" what="destination" check={() => verifyDestination(destinationId)} unsavedChanges={unsavedChanges} permission={permission} />
  );
}
