import { one, type Queryable } from '../db/pool';
import { type ConfiguredRow, configuredStore } from './configured';

export interface DestinationRow extends ConfiguredRow {
  /** How many runs may load into it at once; null: no limit of its own (migration 032). */
  max_concurrent_runs: number | null;
}

export const destinationStore = configuredStore<DestinationRow>('destinations');
export const findDestination = destinationStore.find;

export async function setDestinationRunLimit(db: Queryable, id: number, limit: number | null): Promise<DestinationRow> {
  const { rows } = await db.query<DestinationRow>('UPDATE destinations SET max_concurrent_runs = $2 WHERE id = $1 RETURNING *', [id, limit]);
  return one(rows);
}
