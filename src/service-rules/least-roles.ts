import { type Operation, OPERATIONS } from '@/api/operations';
import type { LeastRole } from '@/api/team';

/** The table's least roles by operation name, as GET /v2/me tells them (the service and the mock alike). */
export function leastRolesOfTable(): Record<string, LeastRole> {
  const roles: Record<string, LeastRole> = {};
  for (const operation of OPERATIONS as readonly Operation[]) {
    if (!operation.role) continue;
    roles[operation.name] = operation.pauseRole ? { role: operation.role, pauseRole: operation.pauseRole } : { role: operation.role };
  }
  return roles;
}
