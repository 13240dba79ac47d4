import type { AlertChannel } from '@/api/alerts';

// The alert words the pages share: events, kinds and the flows a channel covers.

export const EVENT_LABELS: Record<string, string> = {
  run_failed: 'Run failed',
  run_recovered: 'Run recovered',
  flow_late: 'Flow late',
  schema_changed: 'Schema changed',
  test: 'Test',
};

export const KIND_LABELS: Record<string, string> = { slack: 'Slack incoming webhook', webhook: 'Webhook (signed)' };

export const eventLabel = (event: string) => EVENT_LABELS[event] ?? event;
export const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** "Run failed, Flow late", or a plain word when it listens to nothing. */
export const rulesText = (events: readonly string[]) => (events.length === 0 ? 'No rules (Send test only)' : events.map(eventLabel).join(', '));

export function flowsText(channel: Pick<AlertChannel, 'flows'>): string {
  if (channel.flows === null) return 'All flows';
  return channel.flows.length === 1 ? '1 chosen flow' : `${String(channel.flows.length)} chosen flows`;
}
