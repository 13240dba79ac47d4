import type { OPERATIONS } from '@/api/operations';
import type { ChangeKind, Changes } from './changes';
import type { AuditContext, ObjectRef, ObjectType, Snapshot } from './objects';

// Which operations the audit log records, and what each one changes. Every operation that is not a GET
// is named here, so a new one must be decided (the type checker asks): `false` when a success changes
// nothing anyone configured (a connection test) or its own handler records it (a sign-in, which is
// recorded when it fails too). GET operations change nothing and are never recorded.

type WriteOperation = Extract<(typeof OPERATIONS)[number], { method: 'post' | 'patch' | 'delete' }>['name'];

/** What a handler was handed and what it answered, as the rules read them. */
interface Exchange {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  answer: unknown;
}

export interface AuditRule {
  /** create: the fields after; update: those that changed; delete: the fields before; act: a run started, a cancel… */
  kind: ChangeKind;
  object: ObjectType | null;
  /** Which object (by default: the path's `id`, or a create's answered id): read before the handler from the path, after it for a create. */
  ref?: (exchange: Exchange, context: AuditContext) => Promise<ObjectRef | null> | ObjectRef | null;
  /** Reads the object where its get operation's shape is not the one that changes (a source's resolvers). */
  read?: (context: AuditContext, ref: ObjectRef) => Promise<Snapshot | null>;
  /** What an act was asked to do, beside the object's fields. */
  asked?: (exchange: Exchange) => Changes;
  /** Whether this success changed anything (a webhook delivery that started no run did not). */
  changed?: (exchange: Exchange) => boolean;
}

const answeredId = ({ answer }: Exchange): number | null => {
  const data = (answer as { data?: { id?: unknown } } | null)?.data;
  return typeof data?.id === 'number' ? data.id : null;
};
const pathId = (name: string) => (exchange: Exchange) => (typeof exchange.params[name] === 'number' ? exchange.params[name] : null);

/** The object a rule names: from the path, or the answer of a create. */
export function defaultRef(kind: ChangeKind, exchange: Exchange): ObjectRef | null {
  const id = kind === 'create' ? answeredId(exchange) : pathId('id')(exchange);
  return id === null ? null : { id };
}

const uploaded = ({ answer }: Exchange): Changes => {
  const data = (answer as { data?: { name?: unknown; size?: unknown } }).data;
  return { file: { before: null, after: data?.name ?? null }, size: { before: null, after: data?.size ?? null } };
};

const create = (object: ObjectType): AuditRule => ({ kind: 'create', object });
const update = (object: ObjectType): AuditRule => ({ kind: 'update', object });
const remove = (object: ObjectType): AuditRule => ({ kind: 'delete', object });
const act = (object: ObjectType | null, asked?: AuditRule['asked']): AuditRule => ({ kind: 'act', object, ...(asked ? { asked } : {}) });

export const AUDIT_RULES: Record<WriteOperation, AuditRule | false> = {
  createSource: create('source'),
  updateSource: update('source'),
  deleteSource: remove('source'),
  createConfigurationCard: create('card'),
  revokeConfigurationCard: { kind: 'update', object: 'card', ref: (exchange) => ({ id: exchange.params.cardId as number }) },
  updateResolvers: { kind: 'update', object: 'source', read: (context, ref) => (ref.id === null ? Promise.resolve(null) : context.readResolvers(ref.id)) },
  discoverResolvers: act('source'),
  createDestination: create('destination'),
  updateDestination: update('destination'),
  deleteDestination: remove('destination'),
  createFlow: create('flow'),
  updateFlow: update('flow'),
  deleteFlow: remove('flow'),
  runFlow: act('flow'),
  resetFlowState: act('flow', ({ query }) => ({ stateReset: { before: null, after: query.resource ?? 'all resources' } })),
  resyncFlow: act('flow', ({ body }) => ({ resynced: { before: null, after: (body as { resources?: unknown }).resources ?? 'all resources' } })),
  cancelFlow: act('flow'),
  createWorkflow: create('workflow'),
  updateWorkflow: update('workflow'),
  deleteWorkflow: remove('workflow'),
  rerunWorkflowRun: act('workflow', ({ params }) => ({ rerunOf: { before: null, after: params.runId } })),
  runWorkflow: act('workflow'),
  cancelWorkflow: act('workflow'),
  createWebhookTrigger: { kind: 'create', object: 'webhook trigger', ref: (exchange) => ref(answeredId(exchange), pathId('id')(exchange)) },
  deleteWebhookTrigger: { kind: 'delete', object: 'webhook trigger', ref: (exchange) => ref(pathId('webhook_trigger_id')(exchange), pathId('id')(exchange)) },
  // The recipient's values go into the card's source: what changed there is what an entry shows.
  submitCard: { kind: 'update', object: 'source', ref: async (_exchange, context) => ref(await context.cardSourceId()) },
  // A connection test through a card changes only the card's count of tests, and it waits on a remote
  // system: no transaction is held open around it, and there is nothing to record.
  verifyCard: false,
  uploadCardFile: { kind: 'act', object: 'card', ref: async (_exchange, context) => ref(await context.cardId()), asked: uploaded },
  updateSettings: { kind: 'update', object: 'settings', ref: () => ({ id: null }) },
  uploadLogo: { kind: 'update', object: 'settings', ref: () => ({ id: null }) },
  uploadFile: { kind: 'act', object: 'upload', ref: () => null, asked: uploaded },
  createAlertChannel: create('alert channel'),
  updateAlertChannel: update('alert channel'),
  deleteAlertChannel: remove('alert channel'),
  sendTestAlert: act('alert channel'),
  // A delivery is a change when it starts the workflow (201); a challenge or an ignored event is not.
  deliverWebhook: {
    kind: 'act',
    object: 'workflow',
    ref: async (_exchange, context) => ref(await context.webhookWorkflowId()),
    changed: ({ answer }) => startedRun(answer),
  },
  createUser: create('user'),
  updateUser: update('user'),
  deleteUser: remove('user'),
  resetUserPassword: act('user'),
  createKey: create('key'),
  revokeKey: remove('key'),
  // Sign-ins (and failed ones) are recorded by their handlers; a link is inspected without a change.
  signIn: false,
  useLink: false,
  inspectLink: false,
  signOut: act(null),
  signOutEverywhere: act(null),
};

function ref(id: number | null | undefined, parentId?: number | null): ObjectRef | null {
  if (id === null || id === undefined) return null;
  return parentId === null || parentId === undefined ? { id } : { id, parentId };
}

/** The delivery's 201 `Started` (a RawAnswer: the table describes its 200s). */
function startedRun(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'response' in answer && (answer as { response: Response }).response.status === 201;
}
