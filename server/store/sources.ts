import { one, type Queryable } from '../db/pool';
import type { StoredProperties } from '../properties';
import type { Page } from '../http/validate';

export interface SourceRow {
  id: number;
  display_name: string;
  spec: string;
  properties: StoredProperties;
  created_at: Date;
  updated_at: Date;
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

export async function listSources(db: Queryable, page: Page): Promise<SourceRow[]> {
  const { rows } = await db.query<SourceRow>('SELECT * FROM sources ORDER BY id LIMIT $1 OFFSET $2', [page.limit, page.offset]);
  return rows;
}

export async function findSource(db: Queryable, id: number): Promise<SourceRow | undefined> {
  const { rows } = await db.query<SourceRow>('SELECT * FROM sources WHERE id = $1', [id]);
  return rows[0];
}

export async function insertSource(db: Queryable, source: { displayName: string; spec: string; properties: StoredProperties }): Promise<SourceRow> {
  const { rows } = await db.query<SourceRow>('INSERT INTO sources (display_name, spec, properties) VALUES ($1, $2, $3) RETURNING *', [
    source.displayName,
    source.spec,
    source.properties,
  ]);
  return one(rows);
}

export async function updateSourceRow(db: Queryable, id: number, changes: { displayName: string; properties: StoredProperties }): Promise<SourceRow> {
  const { rows } = await db.query<SourceRow>('UPDATE sources SET display_name = $2, properties = $3, updated_at = now() WHERE id = $1 RETURNING *', [
    id,
    changes.displayName,
    changes.properties,
  ]);
  return one(rows);
}

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
