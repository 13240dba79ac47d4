import type { z } from 'zod';
import type { cardForRecipientSchema, configurationCardSchema } from '@/api/cards';
import type { destinationSchema, verificationMessageSchema } from '@/api/destinations';
import type { flowSchema, flowStatusSchema, runAttemptSchema } from '@/api/flows';
import type { resolverListSchema, resolverSchema } from '@/api/resolvers';
import type { sourceSchema } from '@/api/sources';
import type { destinationSpecFullSchema, destinationSpecSummarySchema, sourceSpecFullSchema, sourceSpecSummarySchema } from '@/api/specs';
import type { webhookTriggerSchema } from '@/api/webhooks';
import type { workflowSchema, workflowStatusSchema } from '@/api/workflows';
import type { DestinationSpecDefinition, SourceSpecDefinition } from '@/catalogue/connector-specs';

// What the service puts on the wire is typed by the dashboard's reader schemas (their input side),
// so the service cannot emit what the dashboard would refuse. The service emits the canonical
// form: properties as a map, uppercase property types, `is_error`.

export type WireSourceSpecSummary = z.input<typeof sourceSpecSummarySchema>;
export type WireSourceSpecFull = z.input<typeof sourceSpecFullSchema>;
export type WireDestinationSpecSummary = z.input<typeof destinationSpecSummarySchema>;
export type WireDestinationSpecFull = z.input<typeof destinationSpecFullSchema>;
export type WireSource = z.input<typeof sourceSchema>;
export type WireDestination = z.input<typeof destinationSchema>;
export type WireVerificationMessage = z.input<typeof verificationMessageSchema> & { is_error: boolean };
export type WireConfigurationCard = z.input<typeof configurationCardSchema>;
export type WireCardForRecipient = z.input<typeof cardForRecipientSchema>;
export type WireResolver = z.input<typeof resolverSchema>;
export type WireResolverList = z.input<typeof resolverListSchema>;
export type WireFlow = z.input<typeof flowSchema>;
export type WireRunAttempt = z.input<typeof runAttemptSchema>;
/** The unwrapped form (the service never wraps a status). */
export type WireFlowStatus = Exclude<z.input<typeof flowStatusSchema>, { data: unknown }>;
export type WireWorkflow = z.input<typeof workflowSchema>;
export type WireWorkflowStatus = z.input<typeof workflowStatusSchema>;
export type WireWebhookTrigger = z.input<typeof webhookTriggerSchema>;

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function sourceSpecSummary(spec: SourceSpecDefinition): WireSourceSpecSummary {
  const { name, displayName, website, tagLine, lifecycle, authenticationStrategy } = spec;
  return { name, displayName, website, tagLine, lifecycle, authenticationStrategy };
}

export function sourceSpecFull(spec: SourceSpecDefinition): WireSourceSpecFull {
  return { ...sourceSpecSummary(spec), instructions: spec.instructions, propertyDefinitions: spec.propertyDefinitions };
}

export function destinationSpecSummary(spec: DestinationSpecDefinition): WireDestinationSpecSummary {
  const { name, displayName, website, tagLine, lifecycle } = spec;
  return { name, displayName, website, tagLine, lifecycle };
}

export function destinationSpecFull(spec: DestinationSpecDefinition): WireDestinationSpecFull {
  return { ...destinationSpecSummary(spec), instructions: spec.instructions, propertyDefinitions: spec.propertyDefinitions };
}
