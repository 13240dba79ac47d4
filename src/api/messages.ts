// The texts the service answers with, word for word: the interface documents some of them and clients
// compare them (the plan message is shown verbatim, `Created` and `Request Timeout` are matched). The
// service, the mock service and the dashboard's defaults all read them from here, so they cannot drift.

export const MESSAGES = {
  badRequest: 'Bad Request',
  unauthorized: 'Unauthorized',
  notFound: 'Not Found',
  requestTimeout: 'Request Timeout',
  payloadTooLarge: 'Payload Too Large',
  insufficientStorage: 'Insufficient Storage',
  internalError: 'Internal Server Error',
  /** 429: an address that failed too many key checks or card hashes (Retry-After says how long to wait). */
  tooManyGuesses: 'Too Many Requests: too many failed attempts from this address; try again later.',
  /** 503: the service's own database does not answer (down, restarting or frozen). */
  databaseUnavailable: 'Service Unavailable: the database is not answering',
  /** The run operations' 201 answer, as the hosted service says it. */
  created: 'Created',
  /** The error a cancelled run ends with. */
  cancelledByUser: 'Cancelled by user.',
  flowRunCancelled: 'Flow run cancelled.',
  flowNotRunning: 'Flow is not running.',
  cardSaved: 'Thank you: the configuration was saved.',
  /** 429: a card's Test connection, past its few tries a minute (Retry-After says how long to wait). */
  cardChecksTooOften: 'Too Many Requests: this link’s connection test was used too often; try again in a minute.',
  /** 400: a card that has taken as many files as it takes. */
  cardUploadsTooMany: 'this link has taken as many files as it takes; ask the person who sent it for a new link.',
  /** 400: a card submission that sends nothing. */
  cardNothingSent: 'Fill in at least one value: nothing was sent.',
  webhookReplayed: 'Conflict: this signed request was already received.',
  webhookStarted: 'Workflow run started.',
  webhookWorkflowDisabled: 'Received; the workflow is disabled, so it did not run.',
} as const;

/**
 * The interface has no "cancelled" disposition: a cancelled run ends not_running / failed with this error
 * (`Cancelled by user.`). Whoever tells a cancel from a failure
 * (the dashboard's run states, the service's step states) asks here.
 */
export const isCancelledByUserError = (error: string) => /^cancelled by user\.?$/i.test(error.trim());

/** 403: a key whose plan lacks a feature; the dashboard shows it verbatim. */
export const planForbids = (feature: string) => `Your current plan does not support ${feature}.`;

/** 403: a caller whose role is below the operation's least role (`action`: roles.ts `actionOf`). */
export const roleForbids = (role: string, action: string) => `Forbidden: ${role} may not ${action}`;

/** Answers of signing in, people and keys (the service's team routes; the mock says the same). */
export const TEAM_MESSAGES = {
  /** 401 to a sign-in whose email or password is wrong (which of the two is not said). */
  wrongPassword: 'Unauthorized: wrong email or password.',
  /** 401 to a sign-in with a key that is unknown, revoked or expired. */
  wrongKey: 'Unauthorized: this API key is not valid.',
  /** 403 to a change made with the session cookie from another site, or without the dashboard's header. */
  crossSite: 'Forbidden: cross-site request',
  linkUsed: 'This link has already been used: ask an admin for a new one.',
  linkExpired: 'This link has expired: ask an admin for a new one.',
  passwordNeeded: 'password: choose a password to finish.',
  lastAdmin: 'The last admin must stay an admin: make another person admin first.',
  emailTaken: 'A person with this email is here already.',
  serviceKeyHasNoSessions: 'A service key has no sessions to end.',
  expiryInThePast: 'expiresAt: choose a time in the future.',
} as const;

/** 400 to a key asked with a role above its maker's. */
export const keyRoleAboveMaker = (role: string, makerRole: string) => `role: a key's role may not be above its maker's (${makerRole}); ${role} is.`;

/** 400 to a run request while the flow or workflow still runs (one running attempt at a time). */
export const flowAlreadyRunning = (flowId: number) => `Flow ${String(flowId)} is already running.`;
/** 400 to a write that names a source or destination (a flow's ends, a trigger's credentials) that does not exist. */
export const doesNotExist = (noun: 'Source' | 'Destination', id: number) => `${noun} ${String(id)} does not exist.`;

/** A run of a flow that was deleted (a workflow step can still name it). */
export const flowGone = (flowId: number) => `Flow ${String(flowId)} no longer exists.`;
export const workflowAlreadyRunning = (workflowId: number) => `Workflow ${String(workflowId)} is already running.`;

/** 400 for a re-run of a run that did not fail. */
export const onlyFailedRunsRerun = (runNumber: number) => `Run #${String(runNumber)} did not fail: only a failed run can be re-run from its failed steps.`;

/** A workflow run's error for a step it did not run because a step it waits for did not succeed. */
export const stepSkipped = (stepId: string) => `Step "${stepId}" was skipped because a step before it did not succeed.`;

/** A 400 text: `Bad Request` alone, or followed by what was wrong. */
export const badRequestText = (detail?: string) => (detail ? `${MESSAGES.badRequest}: ${detail}` : MESSAGES.badRequest);

/** Why a card link no longer works: the 410 text of each closed state. */
export const CLOSED_CARD_MESSAGES = {
  submitted: 'This link has already been used.',
  revoked: 'This link has been revoked.',
  expired: 'This configuration link has expired.',
} as const;

/** 400 to a delete of a source or destination that flows still use: it names them, so the caller knows what to change first. */
export const usedByFlows = (noun: 'source' | 'destination', id: number, flows: readonly { id: number; displayName: string }[]) =>
  `${noun === 'source' ? 'Source' : 'Destination'} ${String(id)} is used by ${flows.length === 1 ? 'a flow' : `${String(flows.length)} flows`}: ${flows
    .map((flow) => `“${flow.displayName}” (flow ${String(flow.id)})`)
    .join(', ')}. Delete ${flows.length === 1 ? 'that flow or point it' : 'those flows or point them'} at another ${noun} first.`;

/** 400 to Discover now while a discovery of the source is still under way. */
export const discoveryInProgress = (sourceId: number) => `Discovery of source ${String(sourceId)} is already in progress.`;

/** 400 to a PATCH moving a webhook alert channel to a new URL without its signing secret. */
export const SIGNING_SECRET_AGAIN = 'signingSecret: enter the signing secret again with a new URL: a secret is only sent to the address it was entered for.';

/** 400 to a flow whose tables would be another flow's, and the error of a run that finds one so. */
export const tableOfAnotherFlow = (flow: { id: number; displayName: string }, table: string) =>
  `Flow “${flow.displayName}” (#${String(flow.id)}) already writes ${table} in this destination.`;

/** A running attempt's `waitingFor` while another load holds the DuckDB file it loads into. */
export const waitingForDuckDb = (destinationName: string) => `Waiting for “${destinationName}”: another load into the same DuckDB file`;

/** DELETE /v2/flows/{id}/state's answer. */
export const stateReset = (resources: readonly string[]) =>
  resources.length === 1
    ? `State of ${resources[0] ?? ''} reset: its next run reads it in full.`
    : `State of ${String(resources.length)} resources reset: their next run reads them in full.`;

/** 400 to a re-sync naming resources the flow does not load. */
export const noResourceLoaded = (names: readonly string[]) => `This flow loads no resource named ${names.map((name) => `“${name}”`).join(', ')}.`;
