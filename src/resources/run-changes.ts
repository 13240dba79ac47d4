import { queryOptions } from '@tanstack/react-query';
import type { RunChanges } from '@/api/runs';
import { HEARTBEAT_WAIT_SECONDS } from '@/lib/polling';
import { resourceKeys } from './keys';
import type { ServiceSupport } from './service-support';

export const runChangeKeys = resourceKeys('run-changes');

export const runChangeQueries = {
  /**
   * The heartbeat where the service has GET /v2/run-changes: each read asks what changed since the last
   * answer's cursor, and the service holds it (up to HEARTBEAT_WAIT_SECONDS) while nothing does, so an idle
   * page asks about three times a minute and still hears of a run at once. Whether the service has it is
   * learnt from the first answer (`service.runChanges`).
   */
  follow: (service: ServiceSupport) =>
    queryOptions({
      queryKey: runChangeKeys.all(),
      queryFn: ({ client, queryKey, signal }): Promise<RunChanges> =>
        service.runChangesSince(client.getQueryData<RunChanges>(queryKey), HEARTBEAT_WAIT_SECONDS, signal),
    }),
};
