import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FlowStatus } from '@/api/flows';
import { mapLimited } from '@/lib/map-limited';
import { flowQueries } from '@/resources/flows';
import { useServiceSupport } from '@/resources/service-support';

/** Requests in flight at once: enough to be quick, few enough not to crowd out the live views. */
const CONCURRENCY = 4;
/** A status read this recently is trusted for filtering. */
const FRESH_MS = 60_000;

export interface StatusScan {
  statusOf: (id: number) => FlowStatus | undefined;
  checked: number;
  total: number;
  failed: number;
}

/**
 * Filtering by status needs every candidate flow's status, and the service has no list of them: this reads
 * them a few at a time (into the same cache the rows use) and reports progress, so matches appear as
 * they are found. It starts only when a status filter is chosen and stops when the candidates change.
 */
export function useStatusScan(ids: readonly number[], enabled: boolean): StatusScan {
  const client = useQueryClient();
  const service = useServiceSupport();
  const [progress, setProgress] = useState({ checked: 0, failed: 0, ids });

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let checked = 0;
    let failed = 0;
    let lastReport = 0;
    const report = (force: boolean) => {
      const now = performance.now();
      if (stopped || (!force && now - lastReport < 150)) return;
      lastReport = now;
      setProgress({ checked, failed, ids });
    };
    void mapLimited(ids, CONCURRENCY, async (id) => {
      if (stopped) return;
      const options = flowQueries.status(service, id);
      const state = client.getQueryState(options.queryKey);
      if (!state || state.dataUpdatedAt < Date.now() - FRESH_MS) {
        try {
          await client.query({ ...options, staleTime: FRESH_MS, retry: false });
        } catch {
          failed += 1;
        }
      }
      checked += 1;
      report(false);
    }).then(() => {
      report(true);
    });
    return () => {
      stopped = true;
    };
  }, [client, service, ids, enabled]);

  const current = progress.ids === ids ? progress : { checked: 0, failed: 0 };
  return {
    statusOf: (id) => client.getQueryData(flowQueries.statusKey(id)),
    checked: current.checked,
    total: ids.length,
    failed: current.failed,
  };
}
