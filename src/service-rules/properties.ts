import { z } from 'zod';
import { looksMasked, type PropertiesInput, propertiesInputSchema, type PropertyScalar } from '@/api/common';
import { secretsClearedBy } from '@/api/secret-binding';
import { InvalidInput } from './errors';
import { parseWith } from './parse';

// Property values as the interface treats them, for the service and the mock alike: a secret sent back
// masked means "keep the stored value", null or '' clears a value, and a write that moves an address
// without the secrets clears them (src/api/secret-binding.ts). How a secret is stored (sealed by the
// service, kept plain by the mock) is each side's own.

interface Definition {
  name: string;
  displayName?: string | null | undefined;
  type: string;
  required?: boolean | undefined;
  choices?: readonly string[] | null | undefined;
  default?: string | number | boolean | null | undefined;
}

const isSecret = (definition: Definition | undefined) => definition?.type.toUpperCase() === 'PASSWORD';
const definitionOf = (definitions: readonly Definition[], name: string) => definitions.find((definition) => definition.name === name);

/** A request's `properties` read against the spec: 400 names unknown properties and wrong types; echoed masks are dropped. */
export function readPropertiesInput(definitions: readonly Definition[], raw: unknown): PropertiesInput {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InvalidInput('properties must be an object of property names to values.');
  const withoutEchoedMasks = Object.fromEntries(
    Object.entries(raw).filter(([name, value]) => !(isSecret(definitionOf(definitions, name)) && looksMasked(value))),
  );
  const parsed = propertiesInputSchema.safeParse(withoutEchoedMasks);
  if (!parsed.success) throw new InvalidInput(`properties: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  const unknown = Object.keys(parsed.data).filter((name) => !definitionOf(definitions, name));
  if (unknown.length > 0) throw new InvalidInput(`Unknown properties: ${unknown.join(', ')}`);
  for (const [name, value] of Object.entries(parsed.data)) {
    if (value === null || value === '') continue;
    const type = definitionOf(definitions, name)?.type.toUpperCase();
    if (type === 'NUMBER' && typeof value !== 'number') throw new InvalidInput(`Property ${name} must be a number.`);
    if (type === 'BOOLEAN' && typeof value !== 'boolean') throw new InvalidInput(`Property ${name} must be true or false.`);
    if (type !== 'NUMBER' && type !== 'BOOLEAN' && typeof value !== 'string') throw new InvalidInput(`Property ${name} must be a string.`);
    const choices = definitionOf(definitions, name)?.choices;
    if (choices && choices.length > 0 && !choices.includes(String(value))) throw new InvalidInput(`Property ${name} must be one of ${choices.join(', ')}.`);
  }
  return parsed.data;
}

const bodyWithProperties = z.looseObject({ properties: z.unknown().optional() });

/**
 * A create or update body of a source, destination or card: its properties read against the spec first
 * (masks dropped), then the whole body with the writer schema of the operation.
 */
export function readBodyWithProperties<S extends z.ZodType>(
  schema: S,
  definitions: readonly Definition[],
  body: unknown,
): { input: z.output<S>; properties: PropertiesInput } {
  const loose = parseWith(bodyWithProperties, body);
  const properties = readPropertiesInput(definitions, loose.properties);
  const input = parseWith(schema, { ...loose, properties: loose.properties === undefined ? undefined : properties });
  return { input, properties };
}

/**
 * Stored values after a write: null or '' clears, anything else replaces (a secret as `keepSecret`
 * stores it); moving an address without sending the secrets again clears them.
 */
export function nextProperties<V>(
  definitions: readonly Definition[],
  stored: Readonly<Record<string, V>>,
  input: PropertiesInput,
  keepSecret: (value: string) => V,
  keepValue: (value: Exclude<PropertyScalar, null>) => V,
): Record<string, V> {
  const next: Record<string, V> = { ...stored };
  for (const name of secretsClearedBy(definitions, stored, input, (secret) => stored[secret] !== undefined)) Reflect.deleteProperty(next, name);
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === '') Reflect.deleteProperty(next, name);
    else next[name] = isSecret(definitionOf(definitions, name)) ? keepSecret(String(value)) : keepValue(value);
  }
  return next;
}

export function missingRequired<D extends Definition>(definitions: readonly D[], stored: Readonly<Record<string, unknown>>): D[] {
  return definitions.filter((definition) => definition.required === true && stored[definition.name] === undefined);
}

/** The 400 detail of a card submitted without every required property. */
export const missingRequiredText = (missing: readonly Definition[]) =>
  `Missing required properties: ${missing.map((definition) => definition.name).join(', ')}`;

/** Verify's message for each missing required property. */
export const missingPropertyMessage = (definition: Definition) => `Required property "${definition.displayName ?? definition.name}" is missing.`;

/**
 * A property's value, or its definition's default when it has none (unset, null or ''): the one rule for
 * what the service assumes of a missing value and what a form shows first.
 */
export function propertyValue<V>(
  definitions: readonly Definition[],
  values: Readonly<Record<string, V>>,
  name: string,
): V | string | number | boolean | undefined {
  const value = values[name];
  if (value !== undefined && value !== null && value !== '') return value;
  return definitionOf(definitions, name)?.default ?? undefined;
}

/** Every property's value or default (properties neither set nor defaulted stay out). */
export function withDefaults<V>(definitions: readonly Definition[], values: Readonly<Record<string, V>>): Record<string, V | string | number | boolean> {
  const filled: Record<string, V | string | number | boolean> = { ...values };
  for (const definition of definitions) {
    const value = propertyValue(definitions, values, definition.name);
    if (value !== undefined) filled[definition.name] = value;
  }
  return filled;
}
