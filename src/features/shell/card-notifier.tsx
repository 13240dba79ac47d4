import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ConfigurationCard } from '@/api/cards';
import { showNotification, useNotifyState } from '@/lib/browser-notifications';
import { cardQueries } from '@/resources/cards';

const LOOK_EVERY_MS = 30_000;

export function cardSubmittedMessage(card: ConfigurationCard): { title: string; body: string } {
  const source = card.sourceName ?? 'a source';
  return {
    title: `Configuration received: ${source}`,
    body: `${card.senderName ? `The link ${card.senderName} shared` : 'A configuration link'} for “${source}” was filled in.`,
  };
}

/**
 * For a sender who turned notifications on: a browser notification when a link is filled in. The cards already
 * submitted when the page opened are the baseline; only those submitted since are told.
 */
export function CardNotifier() {
  const wanted = useNotifyState() === 'on';
  const submitted = useQuery({ ...cardQueries.all({ state: 'submitted' }), enabled: wanted, refetchInterval: LOOK_EVERY_MS, retry: false });
  const known = useRef<Set<number> | null>(null);
  useEffect(() => {
    const cards = submitted.data;
    if (!cards) return;
    const seen = known.current;
    known.current = new Set(cards.map((card) => card.id));
    if (seen === null) return;
    for (const card of cards.filter((candidate) => !seen.has(candidate.id))) {
      showNotification(cardSubmittedMessage(card).title, { body: cardSubmittedMessage(card).body, tag: `flowdeck-card-${String(card.id)}` });
    }
  }, [submitted.data]);
  return null;
}
