import type { Queryable } from '../db/pool';
import { type ConfiguredRow, configuredStore } from './configured';

/** A source is stored like a destination, plus what its discovery found and which resolvers a run loads. */
export interface SourceRow extends ConfiguredRow {
  discovery_status: string;
  discovery_error: string | null;
  /** When discovery_status was set. */
  discovery_at: Date | null;
  /** When `discovered` was found: the last discovery that succeeded. */
  discovered_at: Date | null;
  discovered: DiscoveredResource[];
  /** Resolver name → suppressed, as the user chose (src/service-rules/resolver-choice.ts). */
  resolver_choice: Record<string, boolean>;
}

export interface DiscoveredResource {
  name: string;
  category: string;
  notes: string | null;
  suppressed: boolean;
  maskedByDefault: boolean;
  /** Its columns and their types, key and cursor candidates (absent: found before discovery recorded them). */
  columns?: { name: string; type: string }[];
  primaryKey?: string[] | null;
  cursorCandidates?: string[];
}

export const sourceStore = configuredStore<SourceRow>('sources');
export const findSource = sourceStore.find;

/**
 * A discovery's outcome. One that found resolvers replaces `discovered` and keeps the user's choices of
 * the resolvers in `keep` only (those that still exist); a failure keeps what the last one found.
 */
export async function setDiscovery(
  db: Queryable,
  id: number,
  discovery: { status: string; error: string | null; discovered?: DiscoveredResource[]; keep?: string[] },
): Promise<void> {
  const found = discovery.discovered !== undefined;
  await db.query(
    `UPDATE sources SET discovery_status = $2, discovery_error = $3, discovery_at = now(),
       discovered = COALESCE($4::jsonb, discovered),
       discovered_at = CASE WHEN $2 = 'succeeded' THEN now() ELSE discovered_at END,
       resolver_choice = CASE WHEN $5::text[] IS NULL THEN resolver_choice
         ELSE (SELECT COALESCE(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(resolver_choice) WHERE key = ANY($5::text[])) END
     WHERE id = $1`,
    [id, discovery.status, discovery.error, found ? JSON.stringify(discovery.discovered) : null, discovery.keep ?? null],
  );
}

/**
 * Marks discovery in progress unless one already is, in one statement so two requests cannot both start
 * one. One in progress for longer than `lostAfterMs` counts as lost (its instance died) and may restart.
 * The source as claimed, or undefined when a discovery is under way.
 */
export async function claimDiscovery(db: Queryable, id: number, lostAfterMs: number): Promise<SourceRow | undefined> {
  const { rows } = await db.query<SourceRow>(
    `UPDATE sources SET discovery_status = 'in_progress', discovery_error = NULL, discovery_at = now()
     WHERE id = $1 AND NOT (discovery_status = 'in_progress' AND COALESCE(discovery_at > now() - make_interval(secs => $2), false))
     RETURNING *`,
    [id, lostAfterMs / 1000],
  );
  return rows[0];
}

/** Adds the user's choices (resolver name → suppressed) to those the source has. */
export async function chooseResolvers(db: Queryable, id: number, choice: Record<string, boolean>): Promise<SourceRow | undefined> {
  const { rows } = await db.query<SourceRow>(
    'UPDATE sources SET resolver_choice = resolver_choice || $2::jsonb, updated_at = now() WHERE id = $1 RETURNING *',
    [id, JSON.stringify(choice)],
  );
  return rows[0];
}
