import type { HttpHandler } from 'msw';
import { channelAddress, channelOnWire, checkSecretBinding, deliveryOnWire } from '@/service-rules/alert-channels';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import type { MockDb } from './db';
import type { AlertChannelRecord, AlertDeliveryRecord } from './records';
import { dataResponse } from './responses';
import { type MockContext, paginate, route } from './route';

// Alert channels as the service answers them (same writer schemas, same masking and secret binding).
// The mock sends nothing: a delivery is pending for a moment, then delivered with no answer recorded.

const SETTLE_MS = 800;

const wireChannel = (channel: AlertChannelRecord) =>
  channelOnWire({ ...channel, address: channelAddress(channel.url), signingSecretSet: channel.signingSecret !== null });

function wireDelivery(delivery: AlertDeliveryRecord, now: number) {
  const settled = now >= delivery.settlesAt;
  return deliveryOnWire({
    ...delivery,
    status: settled ? 'delivered' : 'pending',
    attempts: settled ? 1 : 0,
    statusCode: settled ? 200 : null,
    response: settled ? 'ok' : null,
    error: null,
    completedAt: settled ? delivery.settlesAt : null,
  });
}

function checkFlows(db: MockDb, flowIds: readonly number[] | null | undefined) {
  for (const flowId of flowIds ?? []) if (!db.flow(flowId)) throw new InvalidInput(`flows: flow ${String(flowId)} does not exist.`);
}

export function alertHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const find = (id: number) => {
    const channel = db.state.alertChannels.find((candidate) => candidate.id === id);
    if (!channel) throw new NotFound();
    return channel;
  };
  return [
    route(context, 'listAlertChannels', ({ query }) => dataResponse(paginate(db.state.alertChannels, query).map(wireChannel))),

    route(context, 'createAlertChannel', ({ body: input }) => {
      checkFlows(db, input.flows);
      const now = db.now();
      const channel: AlertChannelRecord = {
        id: db.nextId('alertChannel'),
        kind: input.kind,
        name: input.name,
        url: input.url,
        signingSecret: input.kind === 'webhook' ? (input.signingSecret ?? null) : null,
        events: [...new Set(input.events)],
        flowIds: input.flows,
        createdAt: now,
        updatedAt: now,
      };
      db.state.alertChannels.push(channel);
      return dataResponse(wireChannel(channel), 201);
    }),

    route(context, 'getAlertChannel', ({ params }) => dataResponse(wireChannel(find(params.id)))),

    route(context, 'updateAlertChannel', ({ params, body: changes }) => {
      const channel = find(params.id);
      checkSecretBinding(channel.kind, changes.url !== undefined && changes.url !== channel.url, changes);
      checkFlows(db, changes.flows);
      Object.assign(channel, {
        name: changes.name ?? channel.name,
        url: changes.url ?? channel.url,
        signingSecret: channel.kind === 'webhook' ? (changes.signingSecret ?? channel.signingSecret) : null,
        events: changes.events === undefined ? channel.events : [...new Set(changes.events)],
        flowIds: changes.flows === undefined ? channel.flowIds : changes.flows,
        updatedAt: db.now(),
      });
      return dataResponse(wireChannel(channel));
    }),

    route(context, 'deleteAlertChannel', ({ params }) => {
      const channel = find(params.id);
      db.state.alertChannels = db.state.alertChannels.filter((candidate) => candidate.id !== channel.id);
      db.state.alertDeliveries = db.state.alertDeliveries.filter((delivery) => delivery.channelId !== channel.id);
      return dataResponse(true);
    }),

    route(context, 'sendTestAlert', ({ params }) => {
      const channel = find(params.id);
      const now = db.now();
      const delivery: AlertDeliveryRecord = {
        id: db.nextId('alertDelivery'),
        channelId: channel.id,
        event: 'test',
        flowId: null,
        createdAt: now,
        settlesAt: now + SETTLE_MS,
      };
      db.state.alertDeliveries.push(delivery);
      return dataResponse(wireDelivery(delivery, now), 202);
    }),

    route(context, 'listAlertDeliveries', ({ params, query }) => {
      const channel = find(params.id);
      const newestFirst = db.state.alertDeliveries.filter((delivery) => delivery.channelId === channel.id).sort((a, b) => b.id - a.id);
      return dataResponse(paginate(newestFirst, query).map((delivery) => wireDelivery(delivery, db.now())));
    }),
  ];
}
