import type { Queryable } from '../db/pool';
import { channelsListeningTo, insertDelivery } from '../store/alerts';
import type { AlertPayload } from './payload';

// `card_submitted`: a card link's recipient sent the configuration. Every channel with the rule hears it, whatever
// its chosen flows (a card is about a source, not a flow). Recorded in the submission's own transaction: the
// delivery row's unique event key (`card:<card id>`) makes it once per card and channel.

export interface SubmittedCard {
  id: number;
  source: { id: number; name: string };
  senderName: string | null;
}

export type CardSubmittedPayload = AlertPayload & {
  card: { id: number; senderName: string | null; source: { id: number; name: string; url: string } };
};

export function cardSubmittedPayload(origin: string, card: SubmittedCard, at = new Date()): CardSubmittedPayload {
  const asked = card.senderName ? ` (asked by ${card.senderName})` : '';
  return {
    event: 'card_submitted',
    occurredAt: at.toISOString(),
    flow: null,
    attempt: null,
    dueAt: null,
    card: {
      id: card.id,
      senderName: card.senderName,
      source: { ...card.source, url: `${origin}/sources/${String(card.source.id)}?tab=cards` },
    },
    text: `The configuration link for “${card.source.name}”${asked} was filled in: the source has the new settings.`,
  };
}

/** Records a delivery to every channel listening; the ids to queue once the transaction is committed. */
export async function recordCardSubmitted(db: Queryable, origin: string, card: SubmittedCard): Promise<number[]> {
  const payload = cardSubmittedPayload(origin, card);
  const ids: number[] = [];
  for (const channel of await channelsListeningTo(db, 'card_submitted')) {
    const row = await insertDelivery(db, {
      channelId: channel.id,
      event: 'card_submitted',
      eventKey: `card:${String(card.id)}`,
      flowId: null,
      payload: { ...payload },
    });
    if (row) ids.push(row.id);
  }
  return ids;
}
