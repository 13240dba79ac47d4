import { z } from 'zod';
import { looksMasked, type PropertyDefinition } from '@/api/common';
import { type FieldValue, fieldKey, fieldKind, isSecretValue } from './property-values';

export function fieldLabel(definition: Pick<PropertyDefinition, 'name' | 'displayName'>): string {
  const display = definition.displayName?.trim() ?? '';
  return display === '' ? definition.name : display;
}

/**
 * 'enforce': a required field must be filled here. 'mark': required fields are marked but may stay empty,
 * because the service may already hold a value the user cannot see (the card recipient's case); the
 * service then names what is missing.
 */
export type RequiredCheck = 'enforce' | 'mark';

const fieldValueSchema = z.custom<FieldValue>();

function isEmpty(value: FieldValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

function fieldSchema(definition: PropertyDefinition, requiredCheck: RequiredCheck) {
  const label = fieldLabel(definition);
  const required = definition.required && requiredCheck === 'enforce';
  const kind = fieldKind(definition);
  return fieldValueSchema.superRefine((value, context) => {
    if (isSecretValue(value)) {
      if (value.action === 'replace' && looksMasked(value.value)) {
        context.addIssue({ code: 'custom', message: 'This looks like a masked value: type the real secret.' });
      } else if (value.action === 'replace' && value.value === '' && value.saved) {
        context.addIssue({ code: 'custom', message: 'Type the new value, or keep the saved one.' });
      } else if (required && ((value.action === 'replace' && value.value === '') || value.action === 'clear')) {
        context.addIssue({ code: 'custom', message: `${label} is required.` });
      }
      return;
    }
    if (kind === 'BOOLEAN') return; // a switch is always on or off
    if (typeof value === 'string' && looksMasked(value)) {
      // The service would read it as an echoed mask and keep the old value: say so instead of pretending to save.
      context.addIssue({ code: 'custom', message: 'A value of only asterisks reads as a masked secret and cannot be saved.' });
      return;
    }
    if (required && isEmpty(value)) {
      context.addIssue({ code: 'custom', message: `${label} is required.` });
      return;
    }
    if (kind === 'NUMBER' && typeof value === 'string' && value.trim() !== '' && !Number.isFinite(Number(value))) {
      context.addIssue({ code: 'custom', message: `${label} must be a number.` });
    }
  });
}

/** The form's zod schema, built at run time from the spec's definitions. */
export function buildPropertyFormSchema(definitions: readonly PropertyDefinition[], options: { requiredCheck: RequiredCheck; nameRequired: boolean }) {
  const properties = z.object(Object.fromEntries(definitions.map((definition, index) => [fieldKey(index), fieldSchema(definition, options.requiredCheck)])));
  const displayName = options.nameRequired ? z.string().refine((value) => value.trim() !== '', 'Name is required.') : z.string();
  return z.object({ displayName, properties });
}

export type PropertyFormValues = z.infer<ReturnType<typeof buildPropertyFormSchema>>;
