import type { z } from 'zod';
import type { configurationCardSchema, cardForRecipientSchema } from '@/api/cards';
import type { propertyDefinitionSchema } from '@/api/common';
import type { destinationSchema, verificationMessageSchema } from '@/api/destinations';
import type { flowSchema, runAttemptSchema, resourceProgressSchema } from '@/api/flows';
import type { resolverListSchema, resolverSchema } from '@/api/resolvers';
import type { sourceSchema } from '@/api/sources';
import type { destinationSpecFullSchema, destinationSpecSummarySchema, sourceSpecFullSchema, sourceSpecSummarySchema } from '@/api/specs';
import type { webhookTriggerSchema } from '@/api/webhooks';
import type { workflowSchema, workflowStatusSchema } from '@/api/workflows';

// What the mock puts on the wire is typed by the readers' input side, so the mock cannot emit
// anything the dashboard's schemas would not accept (and a schema change breaks the mock's build).
export type WirePropertyDefinition = z.input<typeof propertyDefinitionSchema>;
export type WireSourceSpecSummary = z.input<typeof sourceSpecSummarySchema>;
export type WireSourceSpecFull = z.input<typeof sourceSpecFullSchema>;
export type WireDestinationSpecSummary = z.input<typeof destinationSpecSummarySchema>;
export type WireDestinationSpecFull = z.input<typeof destinationSpecFullSchema>;
export type WireSource = z.input<typeof sourceSchema>;
export type WireDestination = z.input<typeof destinationSchema>;
export type WireVerificationMessage = z.input<typeof verificationMessageSchema>;
export type WireConfigurationCard = z.input<typeof configurationCardSchema>;
export type WireCardForRecipient = z.input<typeof cardForRecipientSchema>;
export type WireResolver = z.input<typeof resolverSchema>;
export type WireResolverList = z.input<typeof resolverListSchema>;
export type WireFlow = z.input<typeof flowSchema>;
export type WireRunAttempt = z.input<typeof runAttemptSchema>;
export type WireResourceProgress = z.input<typeof resourceProgressSchema>;
export type WireWorkflow = z.input<typeof workflowSchema>;
export type WireWorkflowStatus = z.input<typeof workflowStatusSchema>;
export type WireWebhookTrigger = z.input<typeof webhookTriggerSchema>;

/** A stored property value: the scalars the writer schemas allow. */
export type StoredValue = string | number | boolean;
export type StoredProperties = Record<string, StoredValue>;
