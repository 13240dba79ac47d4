import type { Context } from 'hono';
import { clientAddress } from '../http/guess-throttle';
import type { Services } from '../services';
import type { OidcIdentity } from './oidc';
import type { OidcConfig } from './oidc-config';
import { oidcRoutes } from './oidc-routes';
import { startSessionForUser } from './sessions';
import { recordSignInFailed } from './sign-in-audit';
import { findOrCreateSsoUser } from './sso-users';

// SSO's end: the person the provider vouched for gets a browser session here, as a password sign-in
// would, and lands where they were going; a refused callback is a failed sign-in in the audit log.

/** Why an SSO sign-in was refused, as the audit log names what was tried. */
const triedWith = (code: string) => `SSO sign-in (${code})`;

export function ssoRoutes(services: Services, config: OidcConfig) {
  const onSignedIn = async (c: Context, identity: OidcIdentity, redirectTo: string) => {
    const user = await findOrCreateSsoUser(services.db, identity);
    if (!user) {
      await recordSignInFailed(services.db, identity.email ?? triedWith('sso_denied'), clientAddress(c));
      return c.redirect('/sign-in?error=sso_denied', 302);
    }
    await startSessionForUser(c, services, user.id);
    return c.redirect(redirectTo, 302);
  };
  return oidcRoutes({
    db: services.db,
    config,
    publicOrigin: services.publicOrigin,
    onSignedIn,
    onRefused: (_c, refusal) => recordSignInFailed(services.db, triedWith(refusal.code), refusal.address),
    logger: services.logger,
  });
}
