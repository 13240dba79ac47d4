import { type AuditEntry, SECRET_CHANGED } from '@/api/audit';
import { actionOf } from '@/api/roles';

// An audit entry as a sentence a person reads: "Ana Lima changed schedule of flow “Orders”: every 1h → every 6h".
// The Audit log page and each object's Activity section both read entries here.

/** What each kind of object is called in a sentence, and in the page's filter. */
export const RESOURCE_NOUNS: Readonly<Record<string, string>> = {
  flow: 'flow',
  source: 'source',
  destination: 'destination',
  workflow: 'workflow',
  'alert channel': 'alert channel',
  'webhook trigger': 'webhook trigger',
  card: 'configuration link',
  settings: 'settings',
  user: 'person',
  key: 'API key',
  upload: 'upload',
};

/** Verbs of the actions people look for; any other action reads as its operation's words ("discover resolvers"). */
export const ACTION_VERBS: Readonly<Record<string, string>> = {
  createFlow: 'created',
  updateFlow: 'changed',
  deleteFlow: 'deleted',
  runFlow: 'ran',
  cancelFlow: 'cancelled the run of',
  resyncFlow: 're-synced',
  resetFlowState: 'reset the state of',
  discoverResolvers: 'discovered the resources of',
  updateResolvers: 'changed the resources of',
  rerunWorkflowRun: 're-ran a run of',
  createSource: 'created',
  updateSource: 'changed',
  deleteSource: 'deleted',
  createDestination: 'created',
  updateDestination: 'changed',
  deleteDestination: 'deleted',
  createWorkflow: 'created',
  updateWorkflow: 'changed',
  deleteWorkflow: 'deleted',
  runWorkflow: 'ran',
  cancelWorkflow: 'cancelled the run of',
  createWebhookTrigger: 'added a webhook trigger to',
  deleteWebhookTrigger: 'removed a webhook trigger from',
  createConfigurationCard: 'shared a configuration link of',
  revokeConfigurationCard: 'revoked a configuration link of',
  createAlertChannel: 'created',
  updateAlertChannel: 'changed',
  deleteAlertChannel: 'deleted',
  updateSettings: 'changed',
  createUser: 'invited',
  updateUser: 'changed',
  deleteUser: 'removed',
  resetUserPassword: 'made a password reset link for',
  createKey: 'created',
  revokeKey: 'revoked',
  signIn: 'signed in',
  signInFailed: 'failed to sign in',
  keyUsedFromNewAddress: 'used a key from a new address',
};

/** Field names as people say them. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  displayName: 'name',
  frequency: 'schedule',
  cron: 'schedule',
  paused: 'paused',
  enabled: 'enabled',
  role: 'role',
  maxConcurrentRuns: 'concurrent runs',
};

export function actorWords(actor: AuditEntry['actor']): string {
  if (actor.type === 'key') return `key “${actor.name}”`;
  if (actor.type === 'card') return `a card link’s recipient (${actor.name})`;
  if (actor.type === 'webhook') return `webhook “${actor.name}”`;
  if (actor.type === 'anonymous') return actor.name === '' ? 'someone' : `someone as ${actor.name}`;
  return actor.name;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function fieldWords(field: string): string {
  if (field.startsWith('properties.')) return field.slice('properties.'.length);
  return FIELD_NAMES[field] ?? actionOf(field).trim();
}

/** A value as it reads: a schedule as "every 1h", nothing as "none", a secret never (it reads "changed"). */
export function valueWords(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (field === 'frequency' && typeof value === 'string') return `every ${value}`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const isSecret = (change: { before: unknown; after: unknown }) => change.before === SECRET_CHANGED && change.after === SECRET_CHANGED;

export interface ChangeLine {
  field: string;
  /** "every 1h → every 6h", or "changed" for a secret. */
  text: string;
}

export function changeLines(changes: AuditEntry['changes']): ChangeLine[] {
  return Object.entries(changes ?? {}).map(([field, change]) => ({
    field: fieldWords(field),
    text: isSecret(change) ? SECRET_CHANGED : `${valueWords(field, change.before)} → ${valueWords(field, change.after)}`,
  }));
}

function resourceWords(resource: AuditEntry['resource']): string {
  if (!resource) return '';
  const noun = RESOURCE_NOUNS[resource.type] ?? resource.type;
  if (resource.type === 'settings') return 'the settings';
  if (resource.name) return `${noun} “${resource.name}”`;
  return resource.id ? `${noun} ${resource.id}` : noun;
}

/**
 * The entry in one sentence. A change of one field says its values too; several fields are named, and
 * changeLines gives each one's values. A secret's values are never shown: it reads "changed".
 */
export function entrySentence(entry: AuditEntry): string {
  if (entry.action === 'keyUsedFromNewAddress') return capitalised(`${actorWords(entry.actor)} was used from a new address`);
  const verb = ACTION_VERBS[entry.action] ?? actionOf(entry.action).trim();
  const lines = changeLines(entry.changes);
  const object = resourceWords(entry.resource);
  const fields = lines.length > 0 && verb === 'changed' ? `${[...new Set(lines.map((line) => line.field))].join(', ')} of ` : '';
  const only = lines.length === 1 && verb === 'changed' && lines[0] && lines[0].text !== SECRET_CHANGED ? `: ${lines[0].text}` : '';
  return capitalised(`${actorWords(entry.actor)} ${verb} ${fields}${object}`.trim() + only);
}
