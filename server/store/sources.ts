import type { Queryable } from '../db/pool';
import { type ConfiguredRow, configuredStore } from './configured';

/** A source is stored like a destination, plus what its discovery found. */
export interface SourceRow extends ConfiguredRow {
  discovery_status: string;
  discovery_error: string | null;
  discovery_at: Date | null;
  discovered: DiscoveredResource[];
}

export interface DiscoveredResource {
  name: string;
  category: string;
  notes: string | null;
  suppressed: boolean;
  maskedByDefault: boolean;
}

export const sourceStore = configuredStore<SourceRow>('sources');
export const findSource = sourceStore.find;

export async function setDiscovery(
  db: Queryable,
  id: number,
  discovery: { status: string; error: string | null; discovered?: DiscoveredResource[] },
): Promise<void> {
  await db.query(
    `UPDATE sources SET discovery_status = $2, discovery_error = $3, discovery_at = now(),
       discovered = COALESCE($4::jsonb, discovered) WHERE id = $1`,
    [id, discovery.status, discovery.error, discovery.discovered ? JSON.stringify(discovery.discovered) : null],
  );
}
