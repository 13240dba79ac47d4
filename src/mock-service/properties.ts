import { type PropertiesInput, SECRET_MASK } from '@/api/common';
import { nextProperties } from '@/service-rules/properties';
import type { WirePropertyDefinition } from '@/service-rules/wire';
import type { StoredProperties, StoredValue } from './wire';

// Property values as the service treats them: secrets never leave it unmasked, a mask sent back
// means "keep", and null or an empty string clears a value (the rules are src/service-rules/properties.ts).

const isSecret = (definition: WirePropertyDefinition | undefined) => definition?.type.toUpperCase() === 'PASSWORD';

function definitionOf(definitions: WirePropertyDefinition[], name: string) {
  return definitions.find((definition) => definition.name === name);
}

function masked(definition: WirePropertyDefinition | undefined, value: StoredValue): StoredValue {
  return isSecret(definition) ? SECRET_MASK : value;
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

/** As the service, by the same rules (src/service-rules/properties.ts); secrets are kept as given, masked on the way out. */
export function applyProperties(definitions: WirePropertyDefinition[], stored: StoredProperties, input: PropertiesInput): StoredProperties {
  const keep = (value: StoredValue) => value;
  return nextProperties<StoredValue>(definitions, stored, input, keep, keep);
}
