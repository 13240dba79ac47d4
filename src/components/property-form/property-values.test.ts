import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { looksMasked, MASKED_SECRET, type Properties, type PropertyDefinition, type PropertyScalar } from '@/api/common';
import { updateSourceInputSchema } from '@/api/sources';
import { buildPropertyFormSchema } from './property-schema';
import { changedProperties, type FieldValue, fieldKey, type FormProperties, initialFormProperties, isSecretValue, type SecretValue } from './property-values';

const definition = (name: string, type: string, required = false): PropertyDefinition => ({ name, type, required, displayName: null, description: null });

describe('initialFormProperties and changedProperties', () => {
  const definitions = [
    definition('host', 'STRING', true),
    definition('port', 'number'),
    definition('ssl', 'BOOLEAN'),
    definition('password', 'PASSWORD', true),
    definition('since', 'DATETIME'),
    definition('day', 'DATE'),
    definition('at', 'TIME'),
    definition('shade', 'COLOR'),
  ];
  const saved: Properties = {
    host: 'db',
    port: 5432,
    ssl: true,
    password: MASKED_SECRET,
    since: '2024-06-01T00:00:00Z',
    day: '2024-01-02',
    at: '02:30',
    shade: '#fff',
  };

  it('sends nothing when nothing changed, whatever the types', () => {
    expect(changedProperties(definitions, saved, initialFormProperties(definitions, saved))).toEqual({});
  });

  it('sends a changed value, null for an emptied one, and a DATETIME as ISO 8601 in UTC', () => {
    const values = initialFormProperties(definitions, saved);
    values[fieldKey(0)] = 'db2';
    values[fieldKey(1)] = '';
    values[fieldKey(2)] = false;
    values[fieldKey(4)] = '2025-03-04 05:06:00';
    expect(changedProperties(definitions, saved, values)).toEqual({ host: 'db2', port: null, ssl: false, since: new Date(2025, 2, 4, 5, 6).toISOString() });
  });

  it('keeps, replaces and clears a saved secret explicitly', () => {
    const values = initialFormProperties(definitions, saved);
    expect(values[fieldKey(3)]).toEqual({ saved: true, action: 'keep', value: '' });
    values[fieldKey(3)] = { saved: true, action: 'replace', value: 'new-secret' };
    expect(changedProperties(definitions, saved, values)).toEqual({ password: 'new-secret' });
    values[fieldKey(3)] = { saved: true, action: 'clear', value: '' };
    expect(changedProperties(definitions, saved, values)).toEqual({ password: null });
  });

  it('treats any masked value as a secret, whatever its declared type', () => {
    const masked = initialFormProperties([definition('api_key', 'STRING')], { api_key: MASKED_SECRET });
    expect(masked[fieldKey(0)]).toEqual({ saved: true, action: 'keep', value: '' });
  });

  it('reads and sends properties named like Object’s own members as any other', () => {
    // Found by the property test below (seed 2077159787): `__proto__` read Object.prototype as its saved value.
    const odd = [definition('__proto__', 'NUMBER'), definition('constructor', 'STRING')];
    const values = initialFormProperties(odd, {});
    expect(values).toEqual({ [fieldKey(0)]: '', [fieldKey(1)]: '' });
    expect(buildPropertyFormSchema(odd, { requiredCheck: 'mark', nameRequired: false }).safeParse({ displayName: '', properties: values }).success).toBe(true);
    values[fieldKey(0)] = 5;
    values[fieldKey(1)] = 'x';
    const body = changedProperties(odd, {}, values);
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.entries(body)).toEqual([
      ['__proto__', 5],
      ['constructor', 'x'],
    ]);
  });
});

describe('defaults', () => {
  const header: PropertyDefinition = { ...definition('header', 'BOOLEAN'), default: true };
  const delimiter: PropertyDefinition = { ...definition('delimiter', 'STRING'), default: ',' };
  const rows: PropertyDefinition = { ...definition('row_count', 'NUMBER', true), default: 1000 };

  it('shows a default where the service holds no value, and sends it only when changed (the service reads it alike)', () => {
    const values = initialFormProperties([header, delimiter], {});
    expect(values).toEqual({ [fieldKey(0)]: true, [fieldKey(1)]: ',' });
    expect(changedProperties([header, delimiter], {}, values)).toEqual({});
    values[fieldKey(0)] = false;
    expect(changedProperties([header, delimiter], {}, values)).toEqual({ header: false });
  });

  it('sends a required property’s default it shows, which the service would count as missing', () => {
    const values = initialFormProperties([rows], {});
    expect(values).toEqual({ [fieldKey(0)]: 1000 });
    expect(changedProperties([rows], {}, values)).toEqual({ row_count: 1000 });
    expect(changedProperties([rows], { row_count: 5 }, initialFormProperties([rows], { row_count: 5 }))).toEqual({});
  });

  it('shows and keeps a held value over the default', () => {
    const saved: Properties = { header: false, delimiter: ';' };
    const values = initialFormProperties([header, delimiter], saved);
    expect(values).toEqual({ [fieldKey(0)]: false, [fieldKey(1)]: ';' });
    expect(changedProperties([header, delimiter], saved, values)).toEqual({});
  });

  it('leaves fields empty and sends only edits where the values on file are not shown (a card)', () => {
    const values = initialFormProperties([header, delimiter, rows], {}, 'hidden');
    // A switch has no empty state: it shows its default, and sends nothing unless it is turned.
    expect(values).toEqual({ [fieldKey(0)]: true, [fieldKey(1)]: '', [fieldKey(2)]: '' });
    expect(changedProperties([header, delimiter, rows], {}, values, 'hidden')).toEqual({});
  });
});

// The property-based proof of PRODUCT.md's first promise: whatever the spec and whatever the user does,
// the body holds exactly the changed fields and never a mask.

const TYPES = ['STRING', 'string', 'PASSWORD', 'password', 'TEXT', 'NUMBER', 'number', 'BOOLEAN', 'DATE', 'DATETIME', 'TIME', 'COLOR'] as const;

const definitionArbitrary = fc.record({
  name: fc.string({ minLength: 1, maxLength: 12 }),
  type: fc.constantFrom(...TYPES),
  required: fc.boolean(),
  displayName: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
  description: fc.constant(null),
});

const definitionsArbitrary = fc.uniqueArray(definitionArbitrary, { maxLength: 8, selector: (item) => item.name });

const maskArbitrary = fc.integer({ min: 3, max: 12 }).map((length) => '*'.repeat(length));
/** What a user may type into a secret, masks included: the form must refuse to send those. */
const typedSecretArbitrary = fc.oneof(fc.string({ maxLength: 8 }), maskArbitrary);

type Edit =
  | { kind: 'untouched' }
  | { kind: 'text'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'toggle' }
  | { kind: 'secret'; action: SecretValue['action']; value: string };

const editArbitrary: fc.Arbitrary<Edit> = fc.oneof(
  fc.constant({ kind: 'untouched' as const }),
  fc.oneof(fc.string({ maxLength: 8 }), maskArbitrary).map((value) => ({ kind: 'text' as const, value })),
  fc.integer({ min: -1000, max: 1000 }).map((value) => ({ kind: 'number' as const, value })),
  fc.constant({ kind: 'toggle' as const }),
  fc.record({
    kind: fc.constant('secret' as const),
    action: fc.constantFrom('keep' as const, 'replace' as const, 'clear' as const),
    value: typedSecretArbitrary,
  }),
);

const savedValueArbitrary = (type: string): fc.Arbitrary<Properties[string] | undefined> => {
  switch (type.toUpperCase()) {
    case 'PASSWORD':
      return fc.constantFrom(MASKED_SECRET, undefined);
    case 'NUMBER':
      return fc.option(fc.integer(), { nil: undefined });
    case 'BOOLEAN':
      return fc.option(fc.boolean(), { nil: undefined });
    default:
      // The reader turns any asterisk-only value into MASKED_SECRET, so a saved plain value never looks masked.
      return fc.option(
        fc.string({ maxLength: 8 }).filter((value) => !looksMasked(value)),
        { nil: undefined },
      );
  }
};

const scenarioArbitrary = definitionsArbitrary.chain((definitions) =>
  fc.record({
    definitions: fc.constant(definitions),
    saved: fc.tuple(...definitions.map((item) => savedValueArbitrary(item.type))),
    edits: fc.tuple(...definitions.map(() => editArbitrary)),
  }),
);

/** Applies an edit the way the form's inputs would, and says what the body must then hold for that field. */
function applyEdit(definition: PropertyDefinition, before: FieldValue, edit: Edit): { value: FieldValue; expected: PropertyScalar | undefined } {
  if (isSecretValue(before)) {
    if (edit.kind !== 'secret') return { value: before, expected: undefined };
    const action = before.saved ? edit.action : edit.action === 'clear' ? 'keep' : 'replace';
    const value: SecretValue = { ...before, action, value: action === 'replace' ? edit.value : '' };
    if (action === 'keep') return { value, expected: undefined };
    if (action === 'clear') return { value, expected: null };
    return { value, expected: edit.value === '' ? undefined : edit.value };
  }
  const type = definition.type.toUpperCase();
  if (type === 'BOOLEAN') {
    if (edit.kind !== 'toggle') return { value: before, expected: undefined };
    return { value: before !== true, expected: before !== true };
  }
  if (type === 'NUMBER' && edit.kind === 'number') {
    const same = before === edit.value || (typeof before === 'string' && before !== '' && Number(before) === edit.value);
    return { value: edit.value, expected: same ? undefined : edit.value };
  }
  if (['STRING', 'TEXT', 'COLOR'].includes(type) && edit.kind === 'text') {
    const previous = typeof before === 'string' ? before : '';
    if (edit.value === previous) return { value: edit.value, expected: undefined };
    return { value: edit.value, expected: edit.value === '' ? null : edit.value };
  }
  return { value: before, expected: undefined };
}

describe('PATCH bodies (property-based)', () => {
  it('hold exactly the changed fields and never a mask, for any definitions and edits', () => {
    fc.assert(
      fc.property(scenarioArbitrary, ({ definitions, saved: savedValues, edits }) => {
        const saved: Properties = Object.fromEntries(
          definitions.flatMap((item, index) => (savedValues[index] === undefined ? [] : [[item.name, savedValues[index]]])),
        );
        const initial = initialFormProperties(definitions, saved);
        const current: FormProperties = {};
        const expected: [string, PropertyScalar][] = [];
        definitions.forEach((item, index) => {
          const key = fieldKey(index);
          const before = initial[key] ?? null;
          const { value, expected: sent } = applyEdit(item, before, edits[index] ?? { kind: 'untouched' });
          current[key] = value;
          if (sent !== undefined) expected.push([item.name, sent]);
        });

        // The form validates before anything is sent: a typed mask never gets past it.
        const valid = buildPropertyFormSchema(definitions, { requiredCheck: 'mark', nameRequired: false }).safeParse({
          displayName: '',
          properties: current,
        }).success;
        const typedMask = Object.values(current).some((value) =>
          isSecretValue(value) ? value.action === 'replace' && looksMasked(value.value) : looksMasked(value),
        );
        expect(valid).toBe(
          !typedMask && !Object.values(current).some((value) => isSecretValue(value) && value.saved && value.action === 'replace' && value.value === ''),
        );
        if (!valid) return;

        const body = changedProperties(definitions, saved, current);
        // Compared by name: a JSON object's member order carries no meaning, and JavaScript lists integer-like
        // names ("1") first whatever the form's order (seed 216433133 found that in this test, not in the product).
        const byName = (a: [string, unknown], b: [string, unknown]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
        expect(Object.entries(body).sort(byName)).toEqual(expected.sort(byName));
        expect(Object.values(body).some(looksMasked)).toBe(false);
        expect(updateSourceInputSchema.safeParse({ properties: body }).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
