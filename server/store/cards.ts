import { randomBytes } from 'node:crypto';
import { one, type Pool, type Queryable } from '../db/pool';
import type { CardState } from '@/api/cards';
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
  sender_name: string | null;
  redirect_url: string | null;
  source_name: string;
}

/** 192 random bits: the hash is the only thing that grants access to the card. */
export function newHashId(): string {
  return randomBytes(24).toString('base64url');
}

const SELECT = 'SELECT c.*, s.display_name AS source_name FROM configuration_cards c JOIN sources s ON s.id = c.source_id';

export interface NewCard {
  sourceId: number;
  type: string;
  expiresAt: string;
  imageUrl: string | null;
  instruction: string | null;
  senderName: string | null;
  redirectUrl: string | null;
}

export async function insertCard(db: Queryable, card: NewCard): Promise<CardRow> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO configuration_cards (hash_id, source_id, type, expires_at, image_url, instruction, sender_name, redirect_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [newHashId(), card.sourceId, card.type, card.expiresAt, card.imageUrl, card.instruction, card.senderName, card.redirectUrl],
  );
  const inserted = await db.query<CardRow>(`${SELECT} WHERE c.id = $1`, [one(rows).id]);
  return one(inserted.rows);
}

export async function listCards(db: Queryable, sourceId: number, page: Page): Promise<CardRow[]> {
  const { rows } = await db.query<CardRow>(`${SELECT} WHERE c.source_id = $1 ORDER BY c.id DESC LIMIT $2 OFFSET $3`, [sourceId, page.limit, page.offset]);
  return rows;
}

/** The SQL condition of each state, as cardStateAt (src/api/cards.ts) decides it. */
const STATE_CONDITION: Record<CardState, string> = {
  submitted: 'c.submitted_at IS NOT NULL',
  revoked: 'c.submitted_at IS NULL AND c.revoked_at IS NOT NULL',
  expired: 'c.submitted_at IS NULL AND c.revoked_at IS NULL AND c.expires_at <= now()',
  open: 'c.submitted_at IS NULL AND c.revoked_at IS NULL AND c.expires_at > now()',
};

/** Every source's cards, newest first, of one state when it is given. */
export async function listAllCards(db: Queryable, query: Page & { state: CardState | null }): Promise<CardRow[]> {
  const where = query.state ? `WHERE ${STATE_CONDITION[query.state]}` : '';
  const { rows } = await db.query<CardRow>(`${SELECT} ${where} ORDER BY c.id DESC LIMIT $1 OFFSET $2`, [query.limit, query.offset]);
  return rows;
}

export async function findCardById(db: Queryable, id: number): Promise<CardRow | undefined> {
  const { rows } = await db.query<CardRow>(`${SELECT} WHERE c.id = $1`, [id]);
  return rows[0];
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

/**
 * Counts one connection test of the card in its current minute (a fixed window, kept in the card's row so that
 * every instance counts alike): the count so far and the seconds left in the window.
 */
export async function countCardVerify(db: Queryable, cardId: number): Promise<{ count: number; secondsLeft: number }> {
  const { rows } = await db.query<{ count: number; seconds_left: number }>(
    `UPDATE configuration_cards SET
       verify_count = CASE WHEN verify_window_start > now() - interval '1 minute' THEN verify_count + 1 ELSE 1 END,
       verify_window_start = CASE WHEN verify_window_start > now() - interval '1 minute' THEN verify_window_start ELSE now() END
     WHERE id = $1
     RETURNING verify_count AS count, ceil(extract(epoch FROM verify_window_start + interval '1 minute' - now()))::int AS seconds_left`,
    [cardId],
  );
  const row = one(rows);
  return { count: row.count, secondsLeft: Math.max(1, row.seconds_left) };
}

export interface CardUploadRow {
  id: string;
  card_id: number;
  location: string;
  name: string;
  size: number;
}

export async function insertCardUpload(db: Queryable, upload: CardUploadRow): Promise<void> {
  await db.query('INSERT INTO card_uploads (id, card_id, location, name, size) VALUES ($1, $2, $3, $4, $5)', [
    upload.id,
    upload.card_id,
    upload.location,
    upload.name,
    upload.size,
  ]);
}

/**
 * Records an upload of the card unless it has `max` already: the card's row is locked while counting, so racing
 * uploads cannot both take the last place. False when it had.
 */
export async function claimCardUpload(db: Pool, upload: CardUploadRow, max: number): Promise<boolean> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT id FROM configuration_cards WHERE id = $1 FOR UPDATE', [upload.card_id]);
    if ((await countCardUploads(client, upload.card_id)) >= max) {
      await client.query('ROLLBACK');
      return false;
    }
    await insertCardUpload(client, upload);
    await client.query('COMMIT');
    return true;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export async function countCardUploads(db: Queryable, cardId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM card_uploads WHERE card_id = $1', [cardId]);
  return one(rows).n;
}

/** An upload made through this card (another card's reference finds nothing). */
export async function findCardUpload(db: Queryable, cardId: number, id: string): Promise<CardUploadRow | undefined> {
  const { rows } = await db.query<CardUploadRow>('SELECT * FROM card_uploads WHERE card_id = $1 AND id = $2', [cardId, id]);
  return rows[0];
}
