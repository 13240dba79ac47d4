import { z } from 'zod';
import { idInputSchema } from '@/api/common';
import { FREQUENCIES, runAttemptSchema } from '@/api/flows';

// Request bodies of the operations Flowdeck's service adds where the interface leaves gaps. They
// follow the interface's style (camelCase for flows, snake_case for workflows and webhooks) and
// feed both validation and /v2/openapi.json.

const frequencySchema = z.enum(FREQUENCIES);

export const createFlowInputSchema = z.strictObject({
  displayName: z.string().min(1),
  source: idInputSchema,
  destination: idInputSchema,
  frequency: frequencySchema.optional(),
  cron: z.string().optional(),
});

export const updateFlowInputSchema = createFlowInputSchema.partial();

export const createWorkflowInputSchema = z.strictObject({
  name: z.string().min(1),
  description: z.string().optional(),
  enabled: z.boolean().optional(),
  definition: z.record(z.string(), z.unknown()),
  frequency: frequencySchema.optional(),
  cron: z.string().optional(),
  node_schemas: z.record(z.string(), z.unknown()).nullable().optional(),
});

export const updateWorkflowInputSchema = createWorkflowInputSchema.partial();

export const createWebhookTriggerInputSchema = z.strictObject({
  provider: z.string().min(1),
  event_type: z.string().min(1),
  /** Slack's signing secret: when set, requests without a valid signature are refused. */
  signing_secret: z.string().min(1).optional(),
  credential_source_id: idInputSchema.optional(),
});

/**
 * GET /v2/flows/{id}/status as the service answers it: the hosted service's shape, unwrapped like workflow
 * status; `errors` is null when the last run had none; `lastAttempt` is Flowdeck's (absent in the hosted profile).
 */
export const flowStatusSchema = z.object({
  id: z.number().int(),
  lifecycle: z.enum(['PENDING', 'RUNNING', 'NOT_RUNNING']),
  disposition: z.enum(['SUCCEEDED', 'FAILED', 'NONE']),
  resources: z.array(
    z.object({ name: z.string(), extracted: z.number().int(), analyzed: z.number().int(), loaded: z.number().int(), errors: z.array(z.string()) }),
  ),
  errors: z.array(z.string()).nullable(),
  completedAt: z.string().nullable(),
  lastAttempt: runAttemptSchema.nullable().optional(),
});
