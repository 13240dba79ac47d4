import { Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Suspense } from 'react';
import { type Control, Controller } from 'react-hook-form';
import type { PropertyDefinition } from '@/api/common';
import { fieldLabel } from './property-schema';
import type { PropertyFormValues } from './property-schema';
import { type FieldValue, fieldKey, fieldKind, isSecretValue } from './property-values';
import { DateFieldPending, LazyDateInput, LazyDateTimePicker, LazyTimeInput } from '@/components/lazy-date-inputs';
import { FieldPending, LazyNumberInput, LazySelect } from './lazy-field-inputs';
import { RevealablePasswordInput } from './revealable-password-input';
import { SecretField } from './secret-field';

interface PropertyFieldProps {
  definition: PropertyDefinition;
  index: number;
  control: Control<PropertyFormValues>;
  /** A saved secret the pending edit would clear (it moves an address without the secret). */
  clearedOnSave?: boolean;
}

function asText(value: FieldValue | undefined): string {
  return typeof value === 'string' ? value : value === null || value === undefined || isSecretValue(value) ? '' : String(value);
}

/** One property, drawn by its type. */
export function PropertyField({ definition, index, control, clearedOnSave = false }: PropertyFieldProps) {
  const kind = fieldKind(definition);
  const label = fieldLabel(definition);
  // `required` marks the field (asterisk, aria-required); the form's noValidate leaves checking to the schema.
  // A default shows where the value would be: left empty, that is what the service uses.
  const placeholder = definition.default === undefined || kind === 'BOOLEAN' ? undefined : String(definition.default);
  const common = { label, description: definition.description ?? undefined, required: definition.required, placeholder };
  return (
    <Controller
      control={control}
      name={`properties.${fieldKey(index)}`}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const value = field.value;
        if (isSecretValue(value)) {
          return (
            <SecretField
              label={label}
              description={common.description}
              withAsterisk={definition.required}
              value={value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={error}
              clearedOnSave={clearedOnSave}
            />
          );
        }
        if (definition.choices) {
          const current = asText(value);
          // A saved value outside the choices stays shown rather than silently dropped.
          const data = current === '' || definition.choices.includes(current) ? definition.choices : [...definition.choices, current];
          return (
            <Suspense fallback={<FieldPending {...common} />}>
              <LazySelect
                {...common}
                data={data}
                value={current === '' ? null : current}
                onChange={(next) => {
                  field.onChange(next ?? '');
                }}
                onBlur={field.onBlur}
                error={error}
                allowDeselect={!definition.required}
                clearable={!definition.required}
              />
            </Suspense>
          );
        }
        switch (kind) {
          case 'TEXT':
            return <Textarea {...common} rows={3} resize="vertical" value={asText(value)} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
          case 'NUMBER':
            return (
              <Suspense fallback={<FieldPending {...common} />}>
                <LazyNumberInput
                  {...common}
                  value={typeof value === 'number' ? value : asText(value)}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={error}
                />
              </Suspense>
            );
          case 'BOOLEAN':
            return (
              <Switch
                label={label}
                description={common.description}
                checked={value === true}
                onChange={(event) => {
                  field.onChange(event.currentTarget.checked);
                }}
                onBlur={field.onBlur}
                error={error}
              />
            );
          case 'DATE':
            return (
              <Suspense fallback={<DateFieldPending label={label} />}>
                <LazyDateInput
                  {...common}
                  valueFormat="YYYY-MM-DD"
                  placeholder="YYYY-MM-DD"
                  clearable
                  value={typeof value === 'string' && value !== '' ? value : null}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={error}
                />
              </Suspense>
            );
          case 'DATETIME':
            return (
              <Suspense fallback={<DateFieldPending label={label} />}>
                <LazyDateTimePicker
                  {...common}
                  valueFormat="YYYY-MM-DD HH:mm"
                  placeholder="Pick a date and time"
                  clearable
                  value={typeof value === 'string' && value !== '' ? value : null}
                  onChange={field.onChange}
                  error={error}
                />
              </Suspense>
            );
          case 'TIME':
            return (
              <Suspense fallback={<DateFieldPending label={label} />}>
                <LazyTimeInput {...common} value={asText(value)} onChange={field.onChange} onBlur={field.onBlur} error={error} />
              </Suspense>
            );
          case 'PASSWORD':
            return <RevealablePasswordInput {...common} value={asText(value)} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
          case 'STRING':
            return <TextInput {...common} value={asText(value)} onChange={field.onChange} onBlur={field.onBlur} error={error} />;
          case 'UNKNOWN':
            return (
              <TextInput
                {...common}
                description={
                  <>
                    {definition.description && <>{definition.description} </>}
                    <Text span size="xs" c="orange.8" fw={500}>
                      Flowdeck does not know the type “{definition.type}”: the value is entered as text.
                    </Text>
                  </>
                }
                value={asText(value)}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={error}
              />
            );
        }
      }}
    />
  );
}
