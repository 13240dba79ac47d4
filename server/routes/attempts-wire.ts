import type { StatusAttempt } from '@/service-rules/status';
import type { Profile } from '../profile';
import type { AttemptRow, StoredResourceCounts } from '../store/attempts';
import { iso, isoOrNull, type WireResourceProgress, type WireRunAttempt } from '@/service-rules/wire';

/**
 * Errors are always present (empty when none); resources once the run has counted anything. `number`
 * is Flowdeck's: the hosted profile leaves it out (server/routes/flows.ts says why).
 */
export function attemptOnWire(attempt: AttemptRow, profile: Profile): WireRunAttempt {
  const wire: WireRunAttempt = {
    id: attempt.id,
    flow: attempt.flow_id,
    ...(profile === 'hosted' ? {} : { number: attempt.number }),
    trigger: attempt.trigger,
    lifecycle: attempt.lifecycle,
    disposition: attempt.disposition,
    errors: attempt.errors,
    completedAt: isoOrNull(attempt.completed_at),
    createdAt: iso(attempt.created_at),
  };
  if (attempt.resources) wire.resources = attempt.resources.map((resource) => resourceOnWire(resource, profile));
  if (profile !== 'hosted') wire.waitingFor = attempt.waiting_for;
  return wire;
}

/**
 * A resource's counts; `written` and `committed` are Flowdeck's (left out by the hosted profile). Attempts
 * recorded before they existed read as having written what they loaded, and committed what they kept.
 */
function resourceOnWire(resource: StoredResourceCounts, profile: Profile): WireResourceProgress {
  const { name, extracted, analyzed, loaded } = resource;
  if (profile === 'hosted') return { name, extracted, analyzed, loaded };
  return { name, extracted, analyzed, loaded, written: resource.written ?? loaded, committed: resource.committed ?? loaded > 0 };
}

/** What a status answer needs of an attempt (src/service-rules/status.ts); one no worker has claimed yet is still waiting. */
export function attemptStatus(attempt: AttemptRow): StatusAttempt {
  return {
    lifecycle: attempt.lifecycle,
    disposition: attempt.disposition,
    resources: attempt.resources,
    errors: attempt.errors,
    completedAt: isoOrNull(attempt.completed_at),
    waiting: attempt.instance_key === null,
  };
}
