import type { QueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { isApiError } from '@/api/errors';
import type { FlowStatus } from '@/api/flows';
import { getRunChanges, type RunChanges } from '@/api/runs';
import { useClearCache } from '@/lib/query-client';
import { flowStatusReader, type StatusSupport } from './flow-status-batches';
import type { Identity } from './identity';

/** Whether the service has an operation: learned from its first answer, `'unknown'` until then. */
export type Known = boolean | 'unknown';

/**
 * What the service behind this sign-in supports beyond the interface document (Flowdeck's additions, which
 * the hosted service lacks), learned from its answers. One per app, kept in the router context, and
 * forgotten at sign-in and sign-out: the next key may reach another kind of service.
 */
export class ServiceSupport implements StatusSupport {
  statusSource: StatusSupport['statusSource'] = 'unknown';
  statusBatches: Known = 'unknown';
  /** GET /v2/flows/{id} */
  flowById: Known = 'unknown';
  /** GET /v2/sources/{id} */
  sourceById: Known = 'unknown';
  /** GET /v2/run-changes: the heartbeat; without it, the timeline's recent runs are. */
  runChanges: Known = 'unknown';
  private readStatus = flowStatusReader(this);

  /** A flow's status with its newest attempt; statuses asked together are read together where the service batches. */
  flowStatus(id: number): Promise<FlowStatus> {
    return this.readStatus(id);
  }

  /** What changed since `previous` (held by the service up to `waitSeconds`); learns whether the service has it. */
  async runChangesSince(previous: RunChanges | undefined, waitSeconds: number, signal: AbortSignal): Promise<RunChanges> {
    try {
      const answer = await getRunChanges(previous?.next, previous ? waitSeconds : undefined, { signal });
      this.runChanges = true;
      return answer;
    } catch (error) {
      if (isApiError(error, 'not_found')) this.runChanges = false;
      throw error;
    }
  }

  forget(): void {
    this.statusSource = 'unknown';
    this.statusBatches = 'unknown';
    this.flowById = 'unknown';
    this.sourceById = 'unknown';
    this.runChanges = 'unknown';
    // Statuses gathered under the old key are not joined by the new one's.
    this.readStatus = flowStatusReader(this);
  }
}

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  service: ServiceSupport;
  /** Who is signed in, and with which role (learned in the signed-in routes' beforeLoad). */
  identity: Identity;
}

/** The service support of this sign-in, for components (loaders read it from their context). */
export function useServiceSupport(): ServiceSupport {
  return useRouteContext({ from: '__root__', select: (context) => context.service });
}

/**
 * Sign-in and sign-out: nothing read with one API key may show under another, and nothing learned about
 * one service is assumed of the next.
 */
export function useForgetSession(): () => void {
  const clearCache = useClearCache();
  const { service, identity } = useRouteContext({ from: '__root__' });
  return () => {
    clearCache();
    service.forget();
    identity.forget();
  };
}
