import { randomBytes } from 'node:crypto';
import { one, type Queryable } from '../db/pool';
import type { Page } from '../http/validate';

export interface CardRow {
  id: number;
  hash_id: string;
  source_id: number;
  expires_at: Date;
  image_url: string | null;
  instruction: string | null;
  created_at: Date;
  source_name: string;
}

/** 192 random bits: the hash is the only thing that grants access to the card. */
export function newHashId(): string {
  return randomBytes(24).toString('base64url');
}

const SELECT = 'SELECT c.*, s.display_name AS source_name FROM configuration_cards c JOIN sources s ON s.id = c.source_id';

export async function insertCard(db: Queryable, card: { sourceId: number; expiresAt: string; imageUrl: string | null; instruction: string | null }): Promise<CardRow> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO configuration_cards (hash_id, source_id, expires_at, image_url, instruction) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [newHashId(), card.sourceId, card.expiresAt, card.imageUrl, card.instruction],
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

export async function markCardSubmitted(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE configuration_cards SET submitted_at = now() WHERE id = $1', [id]);
}
