import type { PropertiesInput } from '@/api/common';
import { looksMasked } from '@/api/common';
import { secretsClearedBy } from '@/api/secret-binding';
import type { StoredProperties, StoredValue, WirePropertyDefinition } from './wire';

// Property values as the service treats them: secrets never leave it unmasked, a mask sent back
// means "keep", and null or an empty string clears a value.

export const MASK = '********';

const isSecret = (definition: WirePropertyDefinition | undefined) => definition?.type.toUpperCase() === 'PASSWORD';

function definitionOf(definitions: WirePropertyDefinition[], name: string) {
  return definitions.find((definition) => definition.name === name);
}

function masked(definition: WirePropertyDefinition | undefined, value: StoredValue): StoredValue {
  return isSecret(definition) ? MASK : value;
}

/** The map form every response except create-source uses. */
export function propertiesMap(definitions: WirePropertyDefinition[], stored: StoredProperties): Record<string, StoredValue> {
  return Object.fromEntries(Object.entries(stored).map(([name, value]) => [name, masked(definitionOf(definitions, name), value)]));
}

/** The create-source response's list form: every definition, with its value (null when unset). */
export function propertiesList(definitions: WirePropertyDefinition[], stored: StoredProperties) {
  return definitions.map((definition) => {
    const value = stored[definition.name];
    return {
      name: definition.name,
      displayName: definition.displayName,
      type: definition.type,
      required: definition.required,
      value: value === undefined ? null : masked(definition, value),
    };
  });
}

/** Drops secrets sent back masked (they mean "keep the stored value") before the writer schema sees them. */
export function withoutEchoedMasks(definitions: WirePropertyDefinition[], body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('properties' in body)) return body;
  const { properties } = body;
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return body;
  const kept = Object.entries(properties).filter(([name, value]) => !(isSecret(definitionOf(definitions, name)) && looksMasked(value)));
  return { ...body, properties: Object.fromEntries(kept) };
}

/** Why these values do not fit the spec, or null when they do. */
export function propertyProblem(definitions: WirePropertyDefinition[], input: PropertiesInput): string | null {
  const unknown = Object.keys(input).filter((name) => !definitionOf(definitions, name));
  if (unknown.length > 0) return `Unknown properties: ${unknown.join(', ')}`;
  for (const [name, value] of Object.entries(input)) {
    const type = definitionOf(definitions, name)?.type.toUpperCase();
    if (value === null || value === '') continue;
    if (type === 'NUMBER' && typeof value !== 'number') return `Property ${name} must be a number.`;
    if (type === 'BOOLEAN' && typeof value !== 'boolean') return `Property ${name} must be true or false.`;
    if (type !== 'NUMBER' && type !== 'BOOLEAN' && typeof value !== 'string') return `Property ${name} must be a string.`;
  }
  return null;
}

/** Stored values after a write: null or '' clears, anything else replaces. */
/** As the service: null or '' clears; moving an address without sending the secrets again clears them. */
export function applyProperties(definitions: WirePropertyDefinition[], stored: StoredProperties, input: PropertiesInput): StoredProperties {
  const next: StoredProperties = { ...stored };
  for (const name of secretsClearedBy(definitions, stored, input, (secret) => stored[secret] !== undefined)) Reflect.deleteProperty(next, name);
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === '') Reflect.deleteProperty(next, name);
    else next[name] = value;
  }
  return next;
}

export function missingRequired(definitions: WirePropertyDefinition[], stored: StoredProperties): WirePropertyDefinition[] {
  return definitions.filter((definition) => definition.required === true && stored[definition.name] === undefined);
}
