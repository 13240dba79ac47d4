import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import {
  type AlertChannel,
  type AlertDelivery,
  createAlertChannel,
  type CreateAlertChannelInput,
  deleteAlertChannel,
  getAlertChannel,
  listAlertChannels,
  listAlertDeliveries,
  sendTestAlert,
  updateAlertChannel,
  type UpdateAlertChannelInput,
} from '@/api/alerts';
import { isApiError } from '@/api/errors';
import { parseIdParam } from '@/lib/route-params';
import { resourceKeys } from './keys';

export const alertKeys = resourceKeys('alerts');

/** How many deliveries a channel page shows. */
export const SHOWN_DELIVERIES = 20;
/** While a delivery is pending (a retry waits with backoff) its outcome is read again this often. */
const PENDING_POLL_MS = 2_000;

export const alertQueries = {
  list: () => queryOptions({ queryKey: alertKeys.list(), queryFn: ({ signal }) => listAlertChannels({ signal }) }),
  detail: (id: number) => queryOptions({ queryKey: alertKeys.detail(id), queryFn: ({ signal }) => getAlertChannel(id, { signal }) }),
  deliveries: (id: number) =>
    queryOptions({
      queryKey: alertKeys.detail(id, 'deliveries'),
      queryFn: ({ signal }) => listAlertDeliveries(id, { limit: SHOWN_DELIVERIES }, { signal }),
      refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false),
    }),
};

/** The channel page's loader: a channel that does not exist is the not-found page. */
export async function loadAlertChannelRoute(client: QueryClient, rawId: string): Promise<{ channelId: number }> {
  const channelId = parseIdParam(rawId);
  try {
    await client.query({ ...alertQueries.detail(channelId), staleTime: 'static' });
  } catch (error) {
    if (isApiError(error, 'not_found')) throw notFound();
    throw error;
  }
  return { channelId };
}

const replaced = (channels: AlertChannel[] | undefined, channel: AlertChannel) =>
  channels && (channels.some((item) => item.id === channel.id) ? channels.map((item) => (item.id === channel.id ? channel : item)) : [...channels, channel]);

export function useCreateAlertChannel({ onCreated }: { onCreated: (channel: AlertChannel) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAlertChannelInput) => createAlertChannel(input),
    onSuccess: async (channel) => {
      client.setQueryData(alertQueries.detail(channel.id).queryKey, channel);
      client.setQueryData(alertQueries.list().queryKey, (channels) => replaced(channels, channel));
      onCreated(channel);
      await client.invalidateQueries({ queryKey: alertQueries.list().queryKey });
    },
  });
}

export function useUpdateAlertChannel(id: number, { onSaved }: { onSaved: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAlertChannelInput) => updateAlertChannel(id, input),
    onSuccess: (channel) => {
      client.setQueryData(alertQueries.detail(id).queryKey, channel);
      client.setQueryData(alertQueries.list().queryKey, (channels) => replaced(channels, channel));
      onSaved();
    },
  });
}

export function useDeleteAlertChannel(id: number, { onDeleted }: { onDeleted: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAlertChannel(id),
    onSuccess: () => {
      client.setQueryData(alertQueries.list().queryKey, (channels) => channels?.filter((channel) => channel.id !== id));
      client.removeQueries({ queryKey: alertKeys.detail(id) });
      onDeleted();
    },
  });
}

/** Send test: the queued delivery shows at once (pending), and the list is read again until it settles. */
export function useSendTestAlert(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendTestAlert(id),
    onSuccess: async (delivery: AlertDelivery) => {
      client.setQueryData(alertQueries.deliveries(id).queryKey, (deliveries) => [delivery, ...(deliveries ?? [])].slice(0, SHOWN_DELIVERIES));
      await client.invalidateQueries({ queryKey: alertQueries.deliveries(id).queryKey });
    },
  });
}
