import { looksMasked, type PropertiesInput, propertiesInputSchema } from '@/api/common';
import { secretsClearedBy } from '@/api/secret-binding';
import type { PropertyDefinitionWire } from '@/catalogue/connector-specs';
import { badRequest } from './http/errors';
import type { SecretBox } from './secrets';

// Property values as the service keeps them: secrets (PASSWORD) encrypted at rest and masked on
// the way out; a mask sent back means "keep the stored value"; null or '' clears a value.

export const MASK = '********';

export type Scalar = string | number | boolean;
export type StoredValue = Scalar | { $secret: string };
export type StoredProperties = Record<string, StoredValue>;
/** Values in the clear, for connectors only: never for a response or a log. */
export type PlainProperties = Record<string, Scalar>;

const isSecretType = (definition: PropertyDefinitionWire | undefined) => definition?.type.toUpperCase() === 'PASSWORD';
const definitionOf = (definitions: PropertyDefinitionWire[], name: string) => definitions.find((definition) => definition.name === name);

function isSealed(value: StoredValue): value is { $secret: string } {
  return typeof value === 'object';
}

/** Reads a request's `properties` against the spec: 400 names unknown properties and wrong types. */
export function readPropertiesInput(definitions: PropertyDefinitionWire[], raw: unknown): PropertiesInput {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest('properties must be an object of property names to values.');
  const withoutEchoedMasks = Object.fromEntries(
    Object.entries(raw).filter(([name, value]) => !(isSecretType(definitionOf(definitions, name)) && looksMasked(value))),
  );
  const parsed = propertiesInputSchema.safeParse(withoutEchoedMasks);
  if (!parsed.success) throw badRequest(`properties: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  const unknown = Object.keys(parsed.data).filter((name) => !definitionOf(definitions, name));
  if (unknown.length > 0) throw badRequest(`Unknown properties: ${unknown.join(', ')}.`);
  for (const [name, value] of Object.entries(parsed.data)) {
    if (value === null || value === '') continue;
    const type = definitionOf(definitions, name)?.type.toUpperCase();
    if (type === 'NUMBER' && typeof value !== 'number') throw badRequest(`Property ${name} must be a number.`);
    if (type === 'BOOLEAN' && typeof value !== 'boolean') throw badRequest(`Property ${name} must be true or false.`);
    if (type !== 'NUMBER' && type !== 'BOOLEAN' && typeof value !== 'string') throw badRequest(`Property ${name} must be a string.`);
  }
  return parsed.data;
}

/**
 * Stored values after a write: null or '' clears, a secret is sealed, anything else replaces. A write
 * that moves an address (host, base URL, location ...) without the secrets clears them: a stored
 * secret is never sent to an address it was not entered for.
 */
export function applyProperties(definitions: PropertyDefinitionWire[], stored: StoredProperties, input: PropertiesInput, box: SecretBox): StoredProperties {
  const next: StoredProperties = { ...stored };
  for (const name of secretsClearedBy(definitions, stored, input, (secret) => stored[secret] !== undefined)) Reflect.deleteProperty(next, name);
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === '') Reflect.deleteProperty(next, name);
    else if (isSecretType(definitionOf(definitions, name))) next[name] = { $secret: box.seal(String(value)) };
    else next[name] = value;
  }
  return next;
}

/** The map every response carries: secrets masked. */
export function publicProperties(stored: StoredProperties): Record<string, Scalar> {
  return Object.fromEntries(Object.entries(stored).map(([name, value]) => [name, isSealed(value) ? MASK : value]));
}

/** The create-source response's list form: every definition with its value (null when unset). */
export function publicPropertiesList(definitions: PropertyDefinitionWire[], stored: StoredProperties) {
  const values = publicProperties(stored);
  return definitions.map((definition) => ({
    name: definition.name,
    displayName: definition.displayName,
    type: definition.type,
    required: definition.required,
    value: values[definition.name] ?? null,
  }));
}

export function revealProperties(stored: StoredProperties, box: SecretBox): PlainProperties {
  return Object.fromEntries(Object.entries(stored).map(([name, value]) => [name, isSealed(value) ? box.open(value.$secret) : value]));
}

export function missingRequired(definitions: PropertyDefinitionWire[], stored: StoredProperties): PropertyDefinitionWire[] {
  return definitions.filter((definition) => definition.required && stored[definition.name] === undefined);
}
