import * as client from 'openid-client';
import type { OidcConfig } from './oidc-config';

// What Flowdeck asks of the identity provider, through openid-client: its configuration (discovered once from
// the issuer), the tokens for a code, and the person's claims.

/** The provider's discovery, token and userinfo requests give up after this long. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** client_secret_basic, the OpenID default, unless the provider takes only client_secret_post. */
function clientAuthentication(secret: string): client.ClientAuth {
  return (server, metadata, body, headers) => {
    const supported = server.token_endpoint_auth_methods_supported;
    const postOnly = supported?.includes('client_secret_post') && !supported.includes('client_secret_basic');
    (postOnly ? client.ClientSecretPost(secret) : client.ClientSecretBasic(secret))(server, metadata, body, headers);
  };
}

export async function discover(config: OidcConfig): Promise<client.Configuration> {
  // http is accepted for a provider on this machine only (oidc-config.ts): one started for tests or a trial.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated only to stand out; loopback alone reaches it
  const insecure = new URL(config.issuer).protocol === 'http:' ? [client.allowInsecureRequests] : [];
  return client.discovery(new URL(config.issuer), config.clientId, undefined, clientAuthentication(config.clientSecret), {
    timeout: PROVIDER_TIMEOUT_SECONDS,
    execute: [client.enableNonRepudiationChecks, ...insecure],
  });
}

/** The claims of the ID token, completed by the userinfo answer where the provider keeps email, name or groups there. */
export async function claimsOf(provider: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers) {
  const idToken = tokens.claims();
  if (!idToken) throw new Error('The provider sent no ID token.');
  if (!provider.serverMetadata().userinfo_endpoint) return idToken;
  const userinfo = await client.fetchUserInfo(provider, tokens.access_token, idToken.sub);
  return { ...userinfo, ...idToken };
}

/**
 * Why a request to the provider failed, for the log: the library's message and its cause's (which check failed),
 * or the provider's error code. Never the code, a token or the claims, which the errors also carry.
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof client.ResponseBodyError) return `${error.message}: ${error.error}${error.error_description ? ` (${error.error_description})` : ''}`;
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
