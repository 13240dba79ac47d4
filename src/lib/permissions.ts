import { operationNamed, type OperationName } from '@/api/operations';
import { actionOf, roleAtLeast, type UserRole } from '@/api/roles';

// What the signed-in role may do, from the operations table (the service enforces the same table): the
// dashboard shows an action a role cannot take disabled, with this reason, never hidden.

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
 * Whether `role` may call `operation` (`pause`: a flow's pause or resume, which its pauseRole allows). A null
 * role is a service without roles (the hosted one): everything stays allowed and the service decides.
 */
export function permissionOf(role: UserRole | null, operation: OperationName, { pause = false }: { pause?: boolean } = {}): Permission {
  const entry = operationNamed(operation);
  const least = (pause ? entry.pauseRole : undefined) ?? entry.role;
  if (role === null || !least || roleAtLeast(role, least)) return ALLOWED;
  const phrase = pause ? 'pause or resume flows' : phraseOf(operation);
  return { allowed: false, reason: `${ROLE_NOUNS[role][1]} can’t ${phrase}. Ask ${whoMay(least)}.` };
}
