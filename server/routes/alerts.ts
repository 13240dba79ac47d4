import { randomUUID } from 'node:crypto';
import { channelAddress, channelOnWire, checkSecretBinding, deliveryOnWire } from '@/service-rules/alert-channels';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import { testPayload } from '../alerts/payload';
import type { Handlers } from '../http/operations';
import { checkLiteralTarget } from '../security/network-guard';
import type { Services } from '../services';
import {
  type ChannelFields,
  type ChannelRow,
  deleteChannelRow,
  type DeliveryRow,
  findChannel,
  insertChannel,
  insertDelivery,
  listChannels,
  listDeliveries,
  updateChannelRow,
} from '../store/alerts';
import { findFlow } from '../store/flows';

// Alert channels (Flowdeck's additions; the hosted profile has none). The URL and the signing secret
// are sealed before they are stored and never answered; a literal address the network policy refuses
// is refused when saved (a name is checked again at every delivery, after DNS).

const wireChannel = (row: ChannelRow) =>
  channelOnWire({
    id: row.id,
    kind: row.kind,
    name: row.name,
    address: row.address,
    signingSecretSet: row.signing_secret_sealed !== null,
    events: row.events,
    flowIds: row.flow_ids,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

const wireDelivery = (row: DeliveryRow) =>
  deliveryOnWire({
    id: row.id,
    channelId: row.channel_id,
    event: row.event,
    flowId: row.flow_id,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.status_code,
    response: row.response,
    error: row.error,
    createdAt: row.created_at,
    completedAt: row.completed_at,
  });

/** The URL's host is not a literal address the network policy refuses (the refusal names the address, never the URL). */
async function checkTarget(raw: string): Promise<void> {
  const url = new URL(raw);
  await checkLiteralTarget(url.hostname, Number(url.port) || (url.protocol === 'https:' ? 443 : 80));
}

export function alertHandlers(services: Services) {
  const { db, box, runs } = services;
  const find = async (id: number) => {
    const channel = await findChannel(db, id);
    if (!channel) throw new NotFound();
    return channel;
  };
  const checkFlows = async (flowIds: readonly number[] | null | undefined) => {
    for (const flowId of flowIds ?? []) if (!(await findFlow(db, flowId))) throw new InvalidInput(`flows: flow ${String(flowId)} does not exist.`);
  };

  return {
    listAlertChannels: async ({ query }) => ({ data: (await listChannels(db, query)).map(wireChannel) }),

    createAlertChannel: async ({ body: input }) => {
      await checkTarget(input.url);
      await checkFlows(input.flows);
      const fields: ChannelFields = {
        kind: input.kind,
        name: input.name,
        urlSealed: box.seal(input.url),
        address: channelAddress(input.url),
        signingSecretSealed: input.kind === 'webhook' && input.signingSecret !== undefined ? box.seal(input.signingSecret) : null,
        events: [...new Set(input.events)],
        flowIds: input.flows,
      };
      return { data: wireChannel(await insertChannel(db, fields)) };
    },

    getAlertChannel: async ({ params }) => ({ data: wireChannel(await find(params.id)) }),

    updateAlertChannel: async ({ params, body: input }) => {
      const channel = await find(params.id);
      const urlMoved = input.url !== undefined && input.url !== box.open(channel.url_sealed);
      checkSecretBinding(channel.kind, urlMoved, input);
      if (input.url !== undefined) await checkTarget(input.url);
      await checkFlows(input.flows);
      const fields: ChannelFields = {
        kind: channel.kind,
        name: input.name ?? channel.name,
        urlSealed: input.url === undefined ? channel.url_sealed : box.seal(input.url),
        address: input.url === undefined ? channel.address : channelAddress(input.url),
        signingSecretSealed: channel.kind === 'webhook' && input.signingSecret !== undefined ? box.seal(input.signingSecret) : channel.signing_secret_sealed,
        events: input.events === undefined ? channel.events : [...new Set(input.events)],
        flowIds: input.flows === undefined ? channel.flow_ids : input.flows,
      };
      return { data: wireChannel(await updateChannelRow(db, channel.id, fields)) };
    },

    deleteAlertChannel: async ({ params }) => {
      await deleteChannelRow(db, (await find(params.id)).id);
      return { data: true };
    },

    sendTestAlert: async ({ params }) => {
      const channel = await find(params.id);
      const delivery = await insertDelivery(db, {
        channelId: channel.id,
        event: 'test',
        eventKey: `test:${randomUUID()}`,
        flowId: null,
        payload: { ...testPayload(channel.name) },
      });
      if (!delivery) throw new Error('A test delivery key was used twice.');
      await runs.queueAlert(delivery.id);
      return { data: wireDelivery(delivery) };
    },

    listAlertDeliveries: async ({ params, query }) => {
      const channel = await find(params.id);
      return { data: (await listDeliveries(db, channel.id, query)).map(wireDelivery) };
    },
  } satisfies Partial<Handlers>;
}
