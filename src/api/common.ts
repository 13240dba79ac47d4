import { z } from 'zod';

/** A string value the interface documents only partly: known values get autocompletion, others pass through. */
export type Open<T extends string> = T | (string & Record<never, never>);

/** Reads an open set of values, normalising case so the dashboard compares against one spelling. */
export function openEnum<const T extends readonly string[]>(_known: T, casing: 'upper' | 'lower') {
  return z.string().transform((value): Open<T[number]> => (casing === 'upper' ? value.toUpperCase() : value.toLowerCase()));
}

/** `{ data: X }` on the wire, X above the boundary. */
export function dataOf<S extends z.ZodType>(schema: S) {
  return z.object({ data: schema }).transform((body): z.output<S> => (body as { data: z.output<S> }).data);
}

/** Accepts a body with or without the `{ data }` wrapper (workflow status comes without it). */
export function maybeWrapped<S extends z.ZodType>(schema: S) {
  return z.union([dataOf(schema), schema]);
}

/** Empty strings and nulls both mean "not set". */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value === undefined || value === null || value.trim() === '' ? null : value));

export const SPEC_LIFECYCLES = ['ALPHA', 'BETA', 'STABLE', 'DEPRECATED'] as const;
export const specLifecycleSchema = openEnum(SPEC_LIFECYCLES, 'upper');
export type SpecLifecycle = z.infer<typeof specLifecycleSchema>;

export const PROPERTY_TYPES = ['STRING', 'PASSWORD', 'TEXT', 'NUMBER', 'BOOLEAN', 'DATE', 'DATETIME', 'TIME'] as const;
export type KnownPropertyType = (typeof PROPERTY_TYPES)[number];

export function isKnownPropertyType(type: string): type is KnownPropertyType {
  return (PROPERTY_TYPES as readonly string[]).includes(type);
}

/** `type` may arrive lowercase (update-source example); an unknown type is kept so the form can say so. */
export const propertyDefinitionSchema = z.object({
  name: z.string().min(1),
  displayName: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  type: openEnum(PROPERTY_TYPES, 'upper'),
  required: z.boolean().default(false),
  description: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  /** The values it may take, where it is a choice rather than free text (Flowdeck's addition; absent: free text). */
  choices: z
    .array(z.string())
    .nullish()
    .transform((value) => (value && value.length > 0 ? value : undefined))
    .optional(),
  /** What the service assumes when the property has no value (Flowdeck's addition; absent: no default). */
  default: z
    .union([z.string(), z.number(), z.boolean()])
    .nullish()
    .transform((value) => value ?? undefined)
    .optional(),
});
export type PropertyDefinition = z.infer<typeof propertyDefinitionSchema>;

/** What a secret looks like after the service masked it. Never a value to send back. */
export interface MaskedSecret {
  readonly masked: true;
}
export const MASKED_SECRET: MaskedSecret = Object.freeze({ masked: true });

export function isMaskedSecret(value: unknown): value is MaskedSecret {
  return typeof value === 'object' && value !== null && (value as { masked?: unknown }).masked === true;
}

/** What the service answers in place of a secret: a password property, an alert channel's URL, a secret in a log. */
export const SECRET_MASK = '********';

/** The service masks password values with asterisks (SECRET_MASK; other services use other counts). */
export function looksMasked(value: unknown): boolean {
  return typeof value === 'string' && /^\*{3,}$/.test(value);
}

const scalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type PropertyScalar = z.infer<typeof scalarSchema>;
export type PropertyValue = PropertyScalar | MaskedSecret;

/** A stored value as read: masks become MASKED_SECRET, anything non-scalar is kept as JSON text to show. */
const propertyValueSchema = z.unknown().transform((value): PropertyValue => {
  if (looksMasked(value)) return MASKED_SECRET;
  const scalar = scalarSchema.safeParse(value);
  if (scalar.success) return scalar.data;
  return value === undefined ? null : JSON.stringify(value);
});

const propertyListItemSchema = z.object({ name: z.string().min(1), value: z.unknown() });

/**
 * Properties are a map everywhere except the create-source response, which lists definition-like
 * items with a `value`. Both become a map.
 */
export const propertiesSchema = z
  .union([z.record(z.string(), z.unknown()), z.array(propertyListItemSchema)])
  .nullish()
  .transform((raw) => {
    const entries: [string, unknown][] = Array.isArray(raw) ? raw.map((item) => [item.name, item.value]) : Object.entries(raw ?? {});
    return Object.fromEntries(entries.map(([name, value]): [string, PropertyValue] => [name, propertyValueSchema.parse(value)]));
  });
export type Properties = z.infer<typeof propertiesSchema>;

/** A value the dashboard may send: scalars only, and never an asterisk mask. */
export const propertyInputValueSchema = scalarSchema.refine((value) => !looksMasked(value), {
  message: 'A masked secret cannot be sent back; leave the property out to keep it.',
});
export const propertiesInputSchema = z.record(z.string(), propertyInputValueSchema);
export type PropertiesInput = z.infer<typeof propertiesInputSchema>;

/** Lists default to empty when the service leaves them out or sends null. */
export function listOf<S extends z.ZodType>(schema: S) {
  return z
    .array(schema)
    .nullish()
    .transform((items) => items ?? []);
}

export const idSchema = z.number().int();
/** An id a request names: a positive integer within Postgres' integer range, as the service stores ids. */
export const idInputSchema = z.number().int().positive().max(2_147_483_647);
export const dateTimeSchema = z.string();
export const nullableDateTimeSchema = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/** An optional text field, read as null when absent. */
export const nullableText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/**
 * Run and cancel answer `{ message }`; some success bodies are undocumented (cancel flow, delete
 * workflow) or `{ data: true }`. Any body is accepted and its message, if it has one, kept.
 */
export const messageResponseSchema = z.unknown().transform((body): { message: string | null } => {
  const pick = (value: unknown): string | null =>
    typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string' ? (value as { message: string }).message : null;
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  return { message: pick(body) ?? pick(data) };
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A `{ message }` answer as Flowdeck's service writes it. */
export const messageAnswerSchema = z.object({ message: z.string() });

/**
 * Run answers 201 `{ "message": "Created" }`: the word says no more than the status, so it reads as no
 * message and the dashboard says it in its own words. Any other message is kept (older services wrote one).
 */
export const runResponseSchema = messageResponseSchema.transform(({ message }): MessageResponse => ({
  message: message?.trim().toLowerCase() === 'created' ? null : message,
}));

/** A text field that is always a string above the boundary ('' when absent). */
export const textOrEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
