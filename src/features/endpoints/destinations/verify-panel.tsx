import { verifyDestination } from '@/api/destinations';
import { ConnectionCheck } from '@/components/connection-check';

/** "Verify": each message as a checklist item under a visible 10-second bound. */
export function VerifyPanel({ destinationId, unsavedChanges }: { destinationId: number; unsavedChanges: boolean }) {
  return <ConnectionCheck label="Verify" what="destination" check={() => verifyDestination(destinationId)} unsavedChanges={unsavedChanges} />;
}
