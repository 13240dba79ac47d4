import { keyRoleAboveMaker, roleForbids } from '@/api/messages';
import type { Operation } from '@/api/operations';
import { actionOf, roleAtLeast, type UserRole } from '@/api/roles';

// Whether a caller's role may call an operation, as the table says (the service and the mock both ask
// here). Most operations are decided by the role alone, before the request's body is read; a flow's
// change is an operator's when it only pauses or resumes, so its body decides between the two roles.

/** The refusal for a caller of `role` before the body is read, or null when it may go on. */
export function refusalBeforeBody(operation: Operation, role: UserRole): string | null {
  if (!operation.role || roleAtLeast(role, operation.role)) return null;
  if (operation.pauseRole && roleAtLeast(role, operation.pauseRole)) return null;
  return roleForbids(role, actionOf(operation.name));
}

/** The refusal once the body is read (a change that does more than pause or resume), or null. */
export function refusalOfBody(operation: Operation, role: UserRole, body: unknown): string | null {
  if (!operation.role || roleAtLeast(role, operation.role)) return null;
  if (operation.pauseRole && isPauseOnly(body)) return null;
  return roleForbids(role, actionOf(operation.name));
}

const isPauseOnly = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && Object.keys(body).length > 0 && Object.keys(body).every((field) => field === 'paused');

/** The refusal of a key asked with a role above its maker's (createKey), or null when it may be made. */
export const keyRoleRefusal = (makerRole: UserRole, keyRole: UserRole): string | null =>
  roleAtLeast(makerRole, keyRole) ? null : keyRoleAboveMaker(keyRole, makerRole);
