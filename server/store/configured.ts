import { one, type Queryable } from '../db/pool';
import type { StoredProperties } from '../properties';
import type { Page } from '@/service-rules/request-params';

// Sources and destinations are stored alike (a display name, a spec and its property values): one set
// of statements serves both tables; sources.ts adds what only sources have (discovery).

export interface ConfiguredRow {
  id: number;
  display_name: string;
  spec: string;
  properties: StoredProperties;
  created_at: Date;
  updated_at: Date;
}

export interface ConfiguredStore<Row extends ConfiguredRow> {
  list: (db: Queryable, page: Page) => Promise<Row[]>;
  find: (db: Queryable, id: number) => Promise<Row | undefined>;
  /** Several by id, in no particular order (those that exist). */
  findMany: (db: Queryable, ids: readonly number[]) => Promise<Row[]>;
  insert: (db: Queryable, values: { displayName: string; spec: string; properties: StoredProperties }) => Promise<Row>;
  /** undefined when it was deleted meanwhile. */
  update: (db: Queryable, id: number, changes: { displayName: string; properties: StoredProperties }) => Promise<Row | undefined>;
  /** The flows that read from it (a source) or load into it (a destination), by id. */
  usedBy: (db: Queryable, id: number) => Promise<{ id: number; displayName: string }[]>;
  /** false when it is gone already, or a flow uses it (the foreign key refuses, even for a flow made a moment ago). */
  remove: (db: Queryable, id: number) => Promise<boolean>;
}

const FOREIGN_KEY_VIOLATION = '23503';

/** The statements of one table; its name is one of two literals, never caller text. */
export function configuredStore<Row extends ConfiguredRow>(table: 'sources' | 'destinations'): ConfiguredStore<Row> {
  const flowColumn = table === 'sources' ? 'source_id' : 'destination_id';
  return {
    async list(db, page) {
      const { rows } = await db.query<Row>(`SELECT * FROM ${table} ORDER BY id LIMIT $1 OFFSET $2`, [page.limit, page.offset]);
      return rows;
    },
    async find(db, id) {
      const { rows } = await db.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [id]);
      return rows[0];
    },
    async findMany(db, ids) {
      if (ids.length === 0) return [];
      const { rows } = await db.query<Row>(`SELECT * FROM ${table} WHERE id = ANY($1::int[])`, [[...new Set(ids)]]);
      return rows;
    },
    async insert(db, values) {
      const { rows } = await db.query<Row>(`INSERT INTO ${table} (display_name, spec, properties) VALUES ($1, $2, $3) RETURNING *`, [
        values.displayName,
        values.spec,
        values.properties,
      ]);
      return one(rows);
    },
    async update(db, id, changes) {
      const { rows } = await db.query<Row>(`UPDATE ${table} SET display_name = $2, properties = $3, updated_at = now() WHERE id = $1 RETURNING *`, [
        id,
        changes.displayName,
        changes.properties,
      ]);
      return rows[0];
    },
    async usedBy(db, id) {
      const { rows } = await db.query<{ id: number; displayName: string }>(
        `SELECT id, display_name AS "displayName" FROM flows WHERE ${flowColumn} = $1 ORDER BY id`,
        [id],
      );
      return rows;
    },
    async remove(db, id) {
      try {
        const { rowCount } = await db.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
        return (rowCount ?? 0) > 0;
      } catch (error) {
        if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) return false;
        throw error;
      }
    },
  };
}
