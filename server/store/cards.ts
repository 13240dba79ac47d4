import { randomBytes } from 'node:crypto';
import { one, type Queryable } from '../db/pool';
import type { Page } from '@/service-rules/request-params';
import type { StoredProperties } from '../properties';

export interface CardRow {
  id: number;
  hash_id: string;
  source_id: number;
  expires_at: Date;
  image_url: string | null;
  instruction: string | null;
  type: string;
  created_at: Date;
  submitted_at: Date | null;
  revoked_at: Date | null;
  source_name: string;
}

/** 192 random bits: the hash is the only thing that grants access to the card. */
export function newHashId(): string {
  return randomBytes(24).toString('base64url');
}

const SELECT = 'SELECT c.*, s.display_name AS source_name FROM configuration_cards c JOIN sources s ON s.id = c.source_id';

export async function insertCard(
  db: Queryable,
  card: { sourceId: number; type: string; expiresAt: string; imageUrl: string | null; instruction: string | null },
): Promise<CardRow> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO configuration_cards (hash_id, source_id, type, expires_at, image_url, instruction) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [newHashId(), card.sourceId, card.type, card.expiresAt, card.imageUrl, card.instruction],
  );
  const inserted = await db.query<CardRow>(`${SELECT} WHERE c.id = $1`, [one(rows).id]);
  return one(inserted.rows);
}

export async function listCards(db: Queryable, sourceId: number, page: Page): Promise<CardRow[]> {
  const { rows } = await db.query<CardRow>(`${SELECT} WHERE c.source_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3`, [sourceId, page.limit, page.offset]);
  return rows;
}

export async function findCard(db: Queryable, hashId: string): Promise<CardRow | undefined> {
  const { rows } = await db.query<CardRow>(`${SELECT} WHERE c.hash_id = $1`, [hashId]);
  return rows[0];
}

/**
 * Uses the card once: in one statement, the card is claimed only while it is still open (not
 * submitted, not revoked, not expired) and its source gets the properties only if the claim
 * succeeded. A second, racing submission waits on the card's row lock, finds it submitted and
 * changes nothing. False when the card was no longer open.
 */
export async function submitCardOnce(db: Queryable, cardId: number, properties: StoredProperties): Promise<boolean> {
  const { rows } = await db.query(
    `WITH claimed AS (
       UPDATE configuration_cards SET submitted_at = now()
        WHERE id = $1 AND submitted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING source_id
     )
     UPDATE sources SET properties = $2, updated_at = now() FROM claimed WHERE sources.id = claimed.source_id RETURNING sources.id`,
    [cardId, properties],
  );
  return rows.length > 0;
}

/** Revokes an open card of this source. Undefined when the source has no such card. */
export async function revokeCard(db: Queryable, sourceId: number, cardId: number): Promise<CardRow | undefined> {
  // A used link is already dead and keeps its "submitted" state; revoking twice keeps the first time.
  await db.query('UPDATE configuration_cards SET revoked_at = now() WHERE id = $1 AND source_id = $2 AND submitted_at IS NULL AND revoked_at IS NULL', [
    cardId,
    sourceId,
  ]);
  const { rows } = await db.query<CardRow>(`${SELECT} WHERE c.id = $1 AND c.source_id = $2`, [cardId, sourceId]);
  return rows[0];
}
