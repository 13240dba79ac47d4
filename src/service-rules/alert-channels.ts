import { SECRET_MASK } from '@/api/common';
import { SIGNING_SECRET_AGAIN } from '@/api/messages';
import { InvalidInput } from './errors';
import { iso, isoOrNull, type WireAlertChannel, type WireAlertDelivery } from './wire';

// Alert channels as the service and the mock service answer them: the URL always masked, its origin
// shown, and the rule that binds a webhook channel's signing secret to the URL it was entered with.

/** A channel as both keep it, secrets aside. */
export interface ChannelFacts {
  id: number;
  kind: string;
  name: string;
  address: string;
  signingSecretSet: boolean;
  events: readonly string[];
  flowIds: readonly number[] | null;
  createdAt: Date | number;
  updatedAt: Date | number;
}

export function channelOnWire(channel: ChannelFacts): WireAlertChannel {
  return {
    id: channel.id,
    kind: channel.kind,
    name: channel.name,
    url: SECRET_MASK,
    address: channel.address,
    signingSecretSet: channel.signingSecretSet,
    events: [...channel.events],
    flows: channel.flowIds === null ? null : [...channel.flowIds],
    createdAt: iso(channel.createdAt),
    updatedAt: iso(channel.updatedAt),
  };
}

export interface DeliveryFacts {
  id: number;
  channelId: number;
  event: string;
  flowId: number | null;
  status: string;
  attempts: number;
  statusCode: number | null;
  response: string | null;
  error: string | null;
  createdAt: Date | number;
  completedAt: Date | number | null;
}

export function deliveryOnWire(delivery: DeliveryFacts): WireAlertDelivery {
  return {
    id: delivery.id,
    channel: delivery.channelId,
    event: delivery.event,
    flow: delivery.flowId,
    status: delivery.status,
    attempts: delivery.attempts,
    statusCode: delivery.statusCode,
    response: delivery.response,
    error: delivery.error,
    createdAt: iso(delivery.createdAt),
    completedAt: isoOrNull(delivery.completedAt),
  };
}

/** What lists show of a channel URL: its origin, without user information (the path is where Slack keeps its secret). */
export function channelAddress(url: string): string {
  return new URL(url).origin;
}

/**
 * A webhook channel's signing secret goes only to the URL it was entered with: a PATCH that moves the
 * URL must send the secret again (400 otherwise). A Slack channel's only secret is its URL.
 */
export function checkSecretBinding(kind: string, urlMoved: boolean, input: { signingSecret?: string | undefined }): void {
  if (kind === 'webhook' && urlMoved && input.signingSecret === undefined) throw new InvalidInput(SIGNING_SECRET_AGAIN);
}
