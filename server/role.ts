// FLOWDECK_ROLE: what one instance does, so a deployment can scale each part on its own.
// - `web` serves the dashboard and /v2 and queues work, but executes none of it;
// - `worker` executes runs, discovery, connection checks, alert deliveries and the background
//   passes (schedules, crash recovery, alert detection, log retention), with a health endpoint only;
// - `all` (the default) does both, as a single instance always has.

export const ROLES = ['web', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

export function readRole(raw: string | undefined): Role {
  const value = raw?.trim() ?? '';
  if (value === '') return 'all';
  if ((ROLES as readonly string[]).includes(value)) return value as Role;
  throw new Error(`FLOWDECK_ROLE must be web, worker or all, got "${value}".`);
}

/** Serves the dashboard and /v2. */
export const servesApi = (role: Role) => role !== 'worker';
/** Takes jobs off the queue and runs the background passes. */
export const executesJobs = (role: Role) => role !== 'web';
