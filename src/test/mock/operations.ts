// Operation names are the src/api function names, so a test says `failNext('listFlows')` about
// exactly the call it makes. The first 21 are the interface's operations; the rest
// (from listSources on) are Flowdeck's additions.
export const OPERATIONS = [
  'createSource',
  'updateSource',
  'createConfigurationCard',
  'getResolvers',
  'getSourceSpec',
  'createDestination',
  'getDestination',
  'updateDestination',
  'verifyDestination',
  'listDestinationSpecs',
  'listFlows',
  'runFlow',
  'listRunAttempts',
  'cancelFlow',
  'listWorkflows',
  'getWorkflowStatus',
  'runWorkflow',
  'cancelWorkflow',
  'deleteWorkflow',
  'getWebhookTrigger',
  'deleteWebhookTrigger',
  'listSources',
  'getSource',
  'listDestinations',
  'listSourceSpecs',
  'listWebhookTriggers',
  'createWebhookTrigger',
  'getCardForRecipient',
  'submitCard',
  'listConfigurationCards',
] as const;

export type OperationName = (typeof OPERATIONS)[number];
