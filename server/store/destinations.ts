import { one, type Queryable } from '../db/pool';
import type { Page } from '../http/validate';
import type { StoredProperties } from '../properties';

export interface DestinationRow {
  id: number;
  display_name: string;
  spec: string;
  properties: StoredProperties;
  created_at: Date;
  updated_at: Date;
}

export async function listDestinations(db: Queryable, page: Page): Promise<DestinationRow[]> {
  const { rows } = await db.query<DestinationRow>('SELECT * FROM destinations ORDER BY id LIMIT $1 OFFSET $2', [page.limit, page.offset]);
  return rows;
}

export async function findDestination(db: Queryable, id: number): Promise<DestinationRow | undefined> {
  const { rows } = await db.query<DestinationRow>('SELECT * FROM destinations WHERE id = $1', [id]);
  return rows[0];
}

export async function insertDestination(
  db: Queryable,
  destination: { displayName: string; spec: string; properties: StoredProperties },
): Promise<DestinationRow> {
  const { rows } = await db.query<DestinationRow>('INSERT INTO destinations (display_name, spec, properties) VALUES ($1, $2, $3) RETURNING *', [
    destination.displayName,
    destination.spec,
    destination.properties,
  ]);
  return one(rows);
}

export async function updateDestinationRow(db: Queryable, id: number, changes: { displayName: string; properties: StoredProperties }): Promise<DestinationRow> {
  const { rows } = await db.query<DestinationRow>('UPDATE destinations SET display_name = $2, properties = $3, updated_at = now() WHERE id = $1 RETURNING *', [
    id,
    changes.displayName,
    changes.properties,
  ]);
  return one(rows);
}
