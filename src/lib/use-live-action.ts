import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { MessageResponse } from '@/api/common';
import { boostLiveViews } from './live-query';

export type ActionOutcome = { kind: 'success'; message: string } | { kind: 'error'; error: unknown };

export interface LiveAction {
  /** Starts the action unless one is already on its way (no double submit, even two clicks in one frame). */
  start: () => void;
  isPending: boolean;
  /** The server's answer to the last click, until dismissed or the next click. */
  outcome: ActionOutcome | null;
  dismiss: () => void;
}

interface LiveActionOptions {
  action: () => Promise<MessageResponse>;
  /** Shown when the service answers without a message (cancel-flow's body is undocumented). */
  fallbackMessage: string;
  /** Live views to make fast for 2 minutes (see live-query.ts). */
  scopes: readonly string[];
  /** Queries to refetch at once, so the change shows without waiting for the next poll. */
  refresh: readonly QueryKey[];
}

/** Run and Cancel: pending state, the server's message either way, then the affected views refresh and poll fast. */
export function useLiveAction({ action, fallbackMessage, scopes, refresh }: LiveActionOptions): LiveAction {
  const client = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: action,
    onSettled: async () => {
      inFlight.current = false;
      // Even a refused Run ("already running") means something changed recently: look closely for a while.
      boostLiveViews(client, scopes);
      await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
  const outcome: ActionOutcome | null =
    mutation.status === 'success'
      ? { kind: 'success', message: mutation.data.message ?? fallbackMessage }
      : mutation.status === 'error'
        ? { kind: 'error', error: mutation.error }
        : null;
  return {
    start: () => {
      if (inFlight.current) return;
      inFlight.current = true;
      mutation.mutate();
    },
    isPending: mutation.isPending,
    outcome,
    dismiss: () => {
      mutation.reset();
    },
  };
}
