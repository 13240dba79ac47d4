import { useRouteContext } from '@tanstack/react-router';
import { getApiSession } from '@/api/api-session';
import { isApiError } from '@/api/errors';
import type { OperationName } from '@/api/operations';
import type { UserRole } from '@/api/roles';
import { type Caller, getMe } from '@/api/team';
import { type Permission, permissionOf } from '@/lib/permissions';

/**
 * - `signed-in`: the service said who is calling (GET /v2/me), with a role;
 * - `no-roles`: a service without roles (the hosted one answers 404): a key works, everything stays enabled;
 * - `signed-out`: no session and no key the service accepts.
 */
export type IdentityState = 'signed-in' | 'no-roles' | 'signed-out';

/**
 * Who is signed in, learned once per sign-in from the service and kept in the router context beside
 * ServiceSupport; forgotten at sign-in, sign-out and on a 401. Never in module state: the next sign-in
 * may be someone else's, on another service.
 */
export class Identity {
  caller: Caller | null = null;
  private learning: Promise<IdentityState> | null = null;

  get role(): UserRole | null {
    return this.caller?.role ?? null;
  }

  /** Asks the service once per sign-in; a failure that says nothing about the sign-in is asked again next time. */
  learn(): Promise<IdentityState> {
    this.learning ??= this.ask().then((state) => {
      if (state === 'signed-out') this.learning = null;
      return state;
    });
    return this.learning;
  }

  /** Known without asking (a sign-in answers who signed in). */
  know(caller: Caller): void {
    this.caller = caller;
    this.learning = Promise.resolve('signed-in');
  }

  forget(): void {
    this.caller = null;
    this.learning = null;
  }

  private async ask(): Promise<IdentityState> {
    const withKey = getApiSession().token !== null;
    try {
      this.caller = await getMe();
      return 'signed-in';
    } catch (error) {
      this.caller = null;
      if (isApiError(error, 'unauthorized')) return 'signed-out';
      // Without a key the cookie is the only way in, and this service has no sessions.
      if (isApiError(error, 'not_found')) return withKey ? 'no-roles' : 'signed-out';
      if (withKey) {
        // The service did not answer (down, a blip): the key's pages show their own errors; ask again next time.
        this.learning = null;
        return 'no-roles';
      }
      throw error;
    }
  }
}

/** Who is signed in (null on a service without roles, or before it is known). */
export function useCaller(): Caller | null {
  return useRouteContext({ from: '__root__', select: (context) => context.identity.caller });
}

/** Whether the signed-in role may take an action, and why not: show it disabled with the reason, never hidden. */
export function usePermission(operation: OperationName, options: { pause?: boolean } = {}): Permission {
  const caller = useRouteContext({ from: '__root__', select: (context) => context.identity.caller });
  return permissionOf(caller, operation, options);
}
