import {
  isKnownPropertyType,
  isMaskedSecret,
  type KnownPropertyType,
  type Properties,
  type PropertiesInput,
  type PropertyDefinition,
  type PropertyScalar,
} from '@/api/common';
import { readInstant, toWallTime } from '@/lib/wall-time';
import { propertyValue } from '@/service-rules/properties';

// Saved properties to form values and back. Pure, so the "only what changed, never a mask" rule is
// proven by a property-based test rather than by looking at forms.

/** How a field is drawn: a known type, or 'UNKNOWN' (a text input with a note). Lowercase types are accepted. */
export type FieldKind = KnownPropertyType | 'UNKNOWN';

export function fieldKind(definition: Pick<PropertyDefinition, 'type'>): FieldKind {
  const type = definition.type.toUpperCase();
  return isKnownPropertyType(type) ? type : 'UNKNOWN';
}

/**
 * A secret's state. `saved` says the service holds a value (it came back masked); the user keeps it,
 * replaces it with `value`, or clears it. Without a saved value only 'replace' makes sense.
 */
export interface SecretValue {
  saved: boolean;
  action: 'keep' | 'replace' | 'clear';
  value: string;
}

export type FieldValue = string | number | boolean | null | SecretValue;

export function isSecretValue(value: FieldValue | undefined): value is SecretValue {
  return typeof value === 'object' && value !== null;
}

/** Property names may hold dots or brackets, which react-hook-form reads as paths: fields are keyed by position. */
export function fieldKey(index: number): string {
  return `p${String(index)}`;
}

/** A property's saved value, own properties only: a property named `constructor` or `__proto__` is not Object's. */
function savedValue(saved: Properties, definition: PropertyDefinition): Properties[string] | undefined {
  return Object.hasOwn(saved, definition.name) ? saved[definition.name] : undefined;
}

/** A field is a secret when its type says so, or when the service masked its value whatever the type. */
export function isSecretField(definition: PropertyDefinition, saved: Properties): boolean {
  return fieldKind(definition) === 'PASSWORD' || isMaskedSecret(savedValue(saved, definition));
}

/**
 * Whether a field starts from its property's default when the service holds no value: a form over what
 * the service holds shows what it assumes (src/service-rules/properties.ts); one that cannot see the
 * values on file (a card's recipient) shows them empty, so a default never overwrites a value it cannot see.
 */
export type DefaultsShown = 'shown' | 'hidden';

function initialValue(definition: PropertyDefinition, saved: Properties, defaults: DefaultsShown): FieldValue {
  if (isSecretField(definition, saved)) {
    const value = savedValue(saved, definition);
    const hasSaved = isMaskedSecret(value) || (typeof value === 'string' && value !== '');
    return { saved: hasSaved, action: hasSaved ? 'keep' : 'replace', value: '' };
  }
  const value = defaults === 'shown' ? propertyValue([definition], saved, definition.name) : savedValue(saved, definition);
  if (isMaskedSecret(value)) return null; // unreachable: masked values are secrets above
  const text = value === undefined || value === null ? '' : String(value);
  switch (fieldKind(definition)) {
    case 'NUMBER':
      return typeof value === 'number' ? value : text;
    case 'BOOLEAN':
      // Nothing saved: the switch shows what the service will do, its default.
      if (value === undefined || value === null) return definition.default === true;
      return value === true || text.toLowerCase() === 'true';
    case 'DATE':
      return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
    // DATETIME pickers work in local wall time ('YYYY-MM-DD HH:mm:ss'); the wire carries ISO 8601 in UTC.
    case 'DATETIME':
      return text === '' ? null : toWallTime('local', text);
    default:
      return text;
  }
}

export type FormProperties = Record<string, FieldValue>;

export function initialFormProperties(definitions: readonly PropertyDefinition[], saved: Properties, defaults: DefaultsShown = 'shown'): FormProperties {
  return Object.fromEntries(definitions.map((definition, index) => [fieldKey(index), initialValue(definition, saved, defaults)]));
}

/** What a field sends: undefined means "leave it out of the body". Empty means null (clear). */
export function wireValue(definition: PropertyDefinition, value: FieldValue | undefined): PropertyScalar | undefined {
  if (value === undefined) return undefined;
  if (isSecretValue(value)) {
    if (value.action === 'keep') return undefined;
    if (value.action === 'clear') return value.saved ? null : undefined;
    return value.value === '' ? undefined : value.value;
  }
  if (value === null || value === '') return null;
  switch (fieldKind(definition)) {
    case 'NUMBER':
      return typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : String(value);
    case 'BOOLEAN':
      return value === true;
    case 'DATETIME': {
      const instant = readInstant('local', String(value));
      return Number.isNaN(instant.getTime()) ? String(value) : instant.toISOString();
    }
    default:
      return typeof value === 'string' ? value : String(value);
  }
}

/**
 * Exactly the properties the user changed, as the body of a PATCH: an untouched field is left out (an
 * untouched secret above all, so a mask is never sent back), a cleared one is null. A field showing its
 * default is untouched: the service reads a missing value as that default (one rule,
 * src/service-rules/properties.ts), so leaving it out saves what was shown. A required property showing its
 * default is sent though, since the service counts a required property without a value as missing.
 */
export function changedProperties(
  definitions: readonly PropertyDefinition[],
  saved: Properties,
  current: FormProperties,
  defaults: DefaultsShown = 'shown',
): PropertiesInput {
  const initial = initialFormProperties(definitions, saved, defaults);
  const changes = definitions.flatMap((definition, index): [string, PropertyScalar][] => {
    const key = fieldKey(index);
    const value = current[key];
    const after = wireValue(definition, value);
    if (isSecretValue(value)) return after === undefined ? [] : [[definition.name, after]];
    const before = wireValue(definition, initial[key]);
    // The service reads a missing value as its default, but counts a required one as missing: that one is sent.
    const fillsRequired = defaults === 'shown' && definition.required && definition.default !== undefined && !isHeld(saved, definition);
    return after !== undefined && (after !== before || (fillsRequired && after !== null)) ? [[definition.name, after]] : [];
  });
  // fromEntries defines each name as an own property, `__proto__` included (an assignment would set the prototype).
  return Object.fromEntries(changes);
}

/** The service holds a value for the property (null and '' are none). */
function isHeld(saved: Properties, definition: PropertyDefinition): boolean {
  const value = savedValue(saved, definition);
  return value !== undefined && value !== null && value !== '';
}
