import { type PropertiesInput, SECRET_MASK } from '@/api/common';
import type { PropertyDefinitionWire } from '@/catalogue/connector-specs';
import { nextProperties } from '@/service-rules/properties';
import type { SecretBox } from './secrets';

// Property values as the service keeps them: secrets (PASSWORD) encrypted at rest and masked on
// the way out; a mask sent back means "keep the stored value"; null or '' clears a value.

export type Scalar = string | number | boolean;
export type StoredValue = Scalar | { $secret: string };
export type StoredProperties = Record<string, StoredValue>;
/** Values in the clear, for connectors only: never for a response or a log. */
export type PlainProperties = Record<string, Scalar>;

function isSealed(value: StoredValue): value is { $secret: string } {
  return typeof value === 'object';
}

/**
 * Stored values after a write (the rules in src/service-rules/properties.ts): a secret is sealed, null
 * or '' clears, and a write that moves an address without the secrets clears them.
 */
export function applyProperties(definitions: PropertyDefinitionWire[], stored: StoredProperties, input: PropertiesInput, box: SecretBox): StoredProperties {
  return nextProperties<StoredValue>(
    definitions,
    stored,
    input,
    (secret) => ({ $secret: box.seal(secret) }),
    (value) => value,
  );
}

/** The map every response carries: secrets masked. */
export function publicProperties(stored: StoredProperties): Record<string, Scalar> {
  return Object.fromEntries(Object.entries(stored).map(([name, value]) => [name, isSealed(value) ? SECRET_MASK : value]));
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

/** The plain values of the secret properties: what a run's log must never show. */
export function secretValues(stored: StoredProperties, box: SecretBox): string[] {
  return Object.values(stored).flatMap((value) => (isSealed(value) ? [box.open(value.$secret)] : []));
}
