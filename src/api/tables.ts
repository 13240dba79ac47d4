import { z } from 'zod';
import { dateTimeSchema, listOf, nullableText, openEnum } from './common';

// Flowdeck's additions for the tables a flow keeps in its destination (one per resource): how each is
// kept in sync, and the columns, keys and cursors that describe it. The hosted profile leaves them out.

/**
 * How a flow keeps a resource's table: replaced at each run (the default), appended to, or only the rows
 * past the saved cursor appended, or merged so the table keeps one row per primary key, the newest.
 */
export const SYNC_MODES = ['full_refresh_overwrite', 'full_refresh_append', 'incremental_append', 'incremental_deduped'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];
/** What a resource the flow does not list loads with (a new flow's default). */
export const DEFAULT_SYNC_MODE: SyncMode = 'full_refresh_overwrite';
export const INCREMENTAL_MODES: readonly SyncMode[] = ['incremental_append', 'incremental_deduped'];
export const isIncremental = (mode: string) => (INCREMENTAL_MODES as readonly string[]).includes(mode);

/** What a flow does when a resource's columns change between runs: add and widen them, or pause the flow. */
export const SCHEMA_CHANGE_POLICIES = ['propagate', 'pause'] as const;
export type SchemaChangePolicy = (typeof SCHEMA_CHANGE_POLICIES)[number];

/** Open set: a type the dashboard does not know is shown as it comes. */
export const syncModeSchema = openEnum(SYNC_MODES, 'lower');
const nullableNames = z
  .array(z.string())
  .nullish()
  .transform((value) => (value && value.length > 0 ? value : null));

/** A column as discovery found it or as the destination keeps it: `type` is the source's or the destination's word for it. */
export const columnSchema = z.object({ name: z.string(), type: z.string() });
export type ColumnInfo = z.infer<typeof columnSchema>;

/** A resource of a flow with its effective mode (GET answers every resource the flow loads). */
export const flowResourceSchema = z.object({
  name: z.string(),
  syncMode: syncModeSchema,
  cursorField: nullableText,
  primaryKey: nullableNames,
});
export type FlowResource = z.infer<typeof flowResourceSchema>;

/** A name a request gives: a column or resource name, bounded as the service bounds names. */
const nameInput = z.string().min(1).max(200);

/** A resource's mode as a flow's create or update sets it; a resource left out keeps the flow's default. */
export const flowResourceInputSchema = z.strictObject({
  name: nameInput,
  syncMode: z.enum(SYNC_MODES),
  cursorField: nameInput.nullable().optional(),
  primaryKey: z.array(nameInput).min(1).max(32).nullable().optional(),
});
export type FlowResourceInput = z.input<typeof flowResourceInputSchema>;

/**
 * A namespace: a Postgres or DuckDB schema, or a subfolder of a files destination. Letters, digits and
 * underscores (so it is one folder and one identifier everywhere), at most 63 characters (Postgres' bound).
 */
export const namespaceInputSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'Use letters, digits and underscores (at most 63), starting with a letter or an underscore.');
/** Put before every table's name: letters, digits and underscores. */
export const tablePrefixInputSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{0,40}$/, 'Use letters, digits and underscores (at most 40).');

/** The table fields a flow's create or update may set (Flowdeck's additions). */
export const flowTableInputFields = {
  namespace: namespaceInputSchema
    .nullable()
    .optional()
    .meta({ description: "The destination's schema (a folder for files) this flow writes into; null: the destination's default." }),
  tablePrefix: tablePrefixInputSchema.optional(),
  schemaChanges: z.enum(SCHEMA_CHANGE_POLICIES).optional(),
  resources: z
    .array(flowResourceInputSchema)
    .max(1000)
    .refine((resources) => new Set(resources.map((resource) => resource.name)).size === resources.length, 'Name each resource once.')
    .optional()
    .meta({ description: 'Modes of some resources; on update, the resources named change and the others keep theirs.' }),
};

/** The names of those fields, which the hosted profile's writers leave out. */
export const FLOW_TABLE_FIELDS = { namespace: true, tablePrefix: true, schemaChanges: true, resources: true } as const;

/** How a flow's tables read on the wire; absent (a hosted service): the destination's default, no prefix, propagate, none listed. */
export const flowTableFields = {
  namespace: z
    .string()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: "Flowdeck's addition: the namespace (schema, or folder for files) the flow writes into; null: the destination's default." }),
  tablePrefix: z
    .string()
    .nullish()
    .transform((value) => value ?? ''),
  schemaChanges: openEnum(SCHEMA_CHANGE_POLICIES, 'lower')
    .nullish()
    .transform((value) => value ?? 'propagate'),
  resources: listOf(flowResourceSchema).meta({ description: "Flowdeck's addition: every resource the flow loads, each with its effective mode." }),
};

/** What discovery tells of a resource (a resolver): its columns, its primary key and the columns that can serve as a cursor. */
export const resolverTableFields = {
  columns: listOf(columnSchema).meta({
    description:
      "Flowdeck's addition: the resource's columns and their types. A CSV source's resolvers are the columns of its one resource: each lists itself.",
  }),
  primaryKey: nullableNames,
  cursorCandidates: listOf(z.string()),
};

/** How the columns of a table changed at a commit. */
export const schemaChangeSchema = z.object({
  at: dateTimeSchema,
  added: listOf(columnSchema),
  removed: listOf(z.string()),
  changed: listOf(z.object({ name: z.string(), from: z.string(), to: z.string() })),
});
export type SchemaChangeInfo = z.infer<typeof schemaChangeSchema>;

/** A saved cursor: a JSON string or number; anything else is shown as its JSON text. */
const cursorSchema = z.unknown().transform((value): string | number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  return JSON.stringify(value);
});

/** One table a flow keeps (GET /v2/flows/{id}/state): one row per resource it loads, with or without state yet. */
export const flowTableStateSchema = z.object({
  resource: z.string(),
  table: z.string().meta({ description: '`namespace.table` as the destination names it.' }),
  syncMode: syncModeSchema,
  cursorField: nullableText,
  primaryKey: nullableNames,
  cursor: cursorSchema.meta({ description: 'The saved cursor (JSON string or number); null: none yet, the next incremental run reads everything.' }),
  updatedAt: z
    .string()
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: 'When the cursor last advanced.' }),
  columns: z
    .array(columnSchema)
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: 'The columns of the table at its last commit, as the destination types them; null before the first.' }),
  schemaChange: schemaChangeSchema
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: 'The last change of the columns a commit met; null when none.' }),
});
export type FlowTableState = z.infer<typeof flowTableStateSchema>;
