import type { OperationName } from '@/api/operations';
import { actionOf, roleAtLeast, type UserRole } from '@/api/roles';
import type { Caller } from '@/api/team';

// What the signed-in caller may do, from the least roles the service told at sign-in (GET /v2/me: the
// operations table it enforces, without the dashboard loading that table): an action a role cannot take
// is shown disabled, with this reason, never hidden.

export interface Permission {
  allowed: boolean;
  /** Why not, in a sentence a person acts on; null when allowed. */
  reason: string | null;
}

export const ALLOWED: Permission = { allowed: true, reason: null };

/** How an action reads in a reason where the operation's own name reads badly ("update flow"). */
const PHRASES: Partial<Record<OperationName, string>> = {
  updateFlow: 'edit flows',
  updateSource: 'edit sources',
  updateDestination: 'edit destinations',
  updateWorkflow: 'edit workflows',
  updateResolvers: 'change which resources a source loads',
  resetFlowState: 'reset a flow’s tables',
  resyncFlow: 're-sync flows',
  discoverResolvers: 'discover resources',
  createConfigurationCard: 'share configuration card links',
  listConfigurationCards: 'see configuration card links',
  revokeConfigurationCard: 'revoke configuration card links',
  listCards: 'see shared links',
  listWebhookTriggers: 'see webhook triggers',
  createWebhookTrigger: 'add webhook triggers',
  deleteWebhookTrigger: 'remove webhook triggers',
  updateSettings: 'change settings',
  uploadLogo: 'change the logo',
  sendTestAlert: 'send test alerts',
  rerunWorkflowRun: 're-run workflow runs',
  listUsers: 'manage people',
  listKeys: 'manage API keys',
  uploadFile: 'upload files',
};

const ROLE_NOUNS: Record<UserRole, [singular: string, plural: string]> = {
  viewer: ['a viewer', 'Viewers'],
  operator: ['an operator', 'Operators'],
  editor: ['an editor', 'Editors'],
  admin: ['an admin', 'Admins'],
};

/** `runFlow` → "run flows": the operation's words with its object in the plural. */
function phraseOf(operation: OperationName): string {
  const phrase = PHRASES[operation];
  if (phrase) return phrase;
  const words = actionOf(operation);
  return words.endsWith('s') ? words : `${words}s`;
}

/** Whom to ask: the least role that may, and an admin. */
const whoMay = (least: UserRole) => (least === 'admin' ? ROLE_NOUNS.admin[0] : `${ROLE_NOUNS[least][0]} or admin`);

/**
 * Whether `caller` may call `operation` (`pause`: a flow's pause or resume, which its pauseRole allows). No
 * caller, or one without least roles, is a service without roles (the hosted one): everything stays
 * allowed and the service decides.
 */
export function permissionOf(caller: Caller | null, operation: OperationName, { pause = false }: { pause?: boolean } = {}): Permission {
  const entry = caller?.leastRoles?.[operation];
  const least = (pause ? entry?.pauseRole : undefined) ?? entry?.role;
  if (!caller || !least || roleAtLeast(caller.role, least)) return ALLOWED;
  const phrase = pause ? 'pause or resume flows' : phraseOf(operation);
  return { allowed: false, reason: `${ROLE_NOUNS[caller.role][1]} can’t ${phrase}. Ask ${whoMay(least)}.` };
}
