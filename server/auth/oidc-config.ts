import { isUserRole, roleAtLeast, USER_ROLES, type UserRole } from '@/api/roles';

// Sign-in with OpenID Connect is on when FLOWDECK_OIDC_ISSUER is set. The provider's groups decide a person's
// role (FLOWDECK_OIDC_GROUP_ROLES, read from the claim FLOWDECK_OIDC_ROLE_CLAIM); anyone in none of the mapped
// groups gets FLOWDECK_OIDC_DEFAULT_ROLE. A bad setting stops the start with a message naming it.

export interface OidcConfig {
  /** The provider's issuer identifier; its discovery document is read from it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  defaultRole: UserRole;
  /** The claim (in the ID token or the userinfo answer) that lists a person's groups. */
  roleClaim: string;
  /** Group name → role. */
  groupRoles: ReadonlyMap<string, UserRole>;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readRole(name: string, raw: string): UserRole {
  const value = raw.trim();
  if (isUserRole(value)) return value;
  throw new Error(`${name} must be one of ${USER_ROLES.join(', ')}, got "${value}".`);
}

function readIssuer(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`FLOWDECK_OIDC_ISSUER must be a URL, got "${raw}".`);
  }
  // Plain http only on this machine (a provider started for tests or a local trial): elsewhere the codes and
  // tokens would cross the network readable by anyone on the way.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)))
    throw new Error(`FLOWDECK_OIDC_ISSUER must be an https URL (http only on localhost), got "${raw}".`);
  return raw.trim();
}

/** `data-admins=admin,oncall=operator`; entries are separated by `;` instead when group names hold commas. */
function readGroupRoles(raw: string): Map<string, UserRole> {
  const separator = raw.includes(';') ? ';' : ',';
  const entries = raw
    .split(separator)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const map = new Map<string, UserRole>();
  for (const entry of entries) {
    const at = entry.lastIndexOf('=');
    const group = entry.slice(0, at).trim();
    if (at <= 0 || group === '') throw new Error(`FLOWDECK_OIDC_GROUP_ROLES entries are group=role, got "${entry}".`);
    map.set(group, readRole('FLOWDECK_OIDC_GROUP_ROLES', entry.slice(at + 1)));
  }
  return map;
}

/** A setting's value, trimmed; undefined when unset or empty. */
function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

/** The SSO settings, or null when FLOWDECK_OIDC_ISSUER is not set (SSO off). */
export function readOidcConfig(env: NodeJS.ProcessEnv): OidcConfig | null {
  const issuer = setting(env, 'FLOWDECK_OIDC_ISSUER');
  if (issuer === undefined) return null;
  const clientId = setting(env, 'FLOWDECK_OIDC_CLIENT_ID');
  const clientSecret = setting(env, 'FLOWDECK_OIDC_CLIENT_SECRET');
  if (clientId === undefined || clientSecret === undefined)
    throw new Error('FLOWDECK_OIDC_ISSUER is set: FLOWDECK_OIDC_CLIENT_ID and FLOWDECK_OIDC_CLIENT_SECRET must be set too.');
  return {
    issuer: readIssuer(issuer),
    clientId,
    clientSecret,
    defaultRole: readRole('FLOWDECK_OIDC_DEFAULT_ROLE', setting(env, 'FLOWDECK_OIDC_DEFAULT_ROLE') ?? 'viewer'),
    roleClaim: setting(env, 'FLOWDECK_OIDC_ROLE_CLAIM') ?? 'groups',
    groupRoles: readGroupRoles(setting(env, 'FLOWDECK_OIDC_GROUP_ROLES') ?? ''),
  };
}

/** The highest role the groups in `claims[roleClaim]` map to (a list, or one group as a string); else the default role. */
export function roleFromClaims(config: OidcConfig, claims: Record<string, unknown>): UserRole {
  const value = claims[config.roleClaim];
  const groups = (Array.isArray(value) ? value : [value]).filter((group): group is string => typeof group === 'string');
  const mapped = groups.map((group) => config.groupRoles.get(group)).filter((role) => role !== undefined);
  if (mapped.length === 0) return config.defaultRole;
  return mapped.reduce((highest, role) => (roleAtLeast(role, highest) ? role : highest));
}
