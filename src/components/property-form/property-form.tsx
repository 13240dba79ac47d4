import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { Fragment, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Properties, PropertiesInput, PropertyDefinition } from '@/api/common';
import { isApiError } from '@/api/errors';
import { ALLOWED, type Permission } from '@/lib/permissions';
import { ErrorState } from '../error-state';
import { PermissionNotice, PermittedButton, PermittedFieldset } from '../permitted';
import { PropertyField } from './property-field';
import { buildPropertyFormSchema, type PropertyFormValues, type RequiredCheck } from './property-schema';
import { changedProperties, type DefaultsShown, fieldKey, initialFormProperties } from './property-values';
import { clearedSecretsMessage, SecretBindingNotice, secretsClearedOnSave } from './secret-binding-notice';

export interface PropertyFormChanges {
  /** Present only when the name changed. */
  displayName?: string;
  /** Only the properties the user changed; a kept secret is left out, a cleared value is null. */
  properties: PropertiesInput;
}

/** Drawn above a property's field, with a way to fill that field in (the CSV upload above `location`). */
export type PropertyAddon = (fill: (value: string) => void) => ReactNode;

interface PropertyFormProps {
  definitions: readonly PropertyDefinition[];
  /** The saved values as read from the service (masked secrets included); empty for a new object. */
  saved?: Properties;
  /** Adds a name field above the properties. */
  name?: { label: string; value: string; required: boolean; description?: string };
  requiredCheck?: RequiredCheck;
  submitLabel: string;
  /** Rejecting keeps the form as typed and shows the error. */
  onSubmit: (changes: PropertyFormChanges) => Promise<unknown>;
  onDirtyChange?: (dirty: boolean) => void;
  /** Whether submitting with nothing changed is allowed (creating something, sending a card). */
  allowEmptySubmit?: boolean;
  footer?: ReactNode;
  /** Extra controls keyed by property name. */
  addons?: Readonly<Record<string, PropertyAddon>>;
  /** 'hidden' where the values on file are not shown (a card's recipient): fields start empty, not at their defaults. */
  defaults?: DefaultsShown;
  /** What an empty submit is told, where one is refused. */
  emptyMessage?: string;
  /** Called with the properties as they would be sent, whenever they change (a check of what was typed). */
  onPendingChange?: (properties: PropertiesInput) => void;
  /** Whether the signed-in role may save it: when not, the reason above, the fields and the save disabled. */
  permission?: Permission;
}

const MISSING_PROPERTIES = /^(?:Bad Request: )?Missing required properties: (.+?)\.?$/;

/** The service's 400 naming missing required properties, read back into field errors. */
function missingPropertyNames(error: unknown): string[] {
  if (!isApiError(error, 'bad_request')) return [];
  const match = MISSING_PROPERTIES.exec(error.message);
  return match?.[1]?.split(',').map((name) => name.trim()) ?? [];
}

const EMPTY: Properties = {};

/** Any spec's `propertyDefinitions` as a form: validated at run time, sending only what changed. */
export function PropertyForm({
  definitions,
  saved = EMPTY,
  name,
  requiredCheck = 'enforce',
  submitLabel,
  onSubmit,
  onDirtyChange,
  allowEmptySubmit = false,
  footer,
  addons,
  defaults = 'shown',
  permission = ALLOWED,
  emptyMessage = 'Nothing changed, so nothing was sent.',
  onPendingChange,
}: PropertyFormProps) {
  const schema = useMemo(
    () => buildPropertyFormSchema(definitions, { requiredCheck, nameRequired: name?.required ?? false }),
    [definitions, requiredCheck, name?.required],
  );
  const defaultValues = useMemo(
    () => ({ displayName: name?.value ?? '', properties: initialFormProperties(definitions, saved, defaults) }),
    [definitions, saved, name?.value, defaults],
  );
  const form = useForm<PropertyFormValues>({ resolver: zodResolver(schema), defaultValues });
  const [failure, setFailure] = useState<unknown>(null);
  const [nothingChanged, setNothingChanged] = useState(false);
  const { isDirty, isSubmitting } = form.formState;
  const current = useWatch({ control: form.control, name: 'properties' });
  const pending = changedProperties(definitions, saved, current, defaults);
  const clearedOnSave = secretsClearedOnSave(definitions, saved, pending);

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  const pendingKey = JSON.stringify(pending);
  useEffect(() => {
    onPendingChange?.(JSON.parse(pendingKey) as PropertiesInput);
  }, [pendingKey, onPendingChange]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const properties = changedProperties(definitions, saved, values.properties, defaults);
    const changes: PropertyFormChanges = { properties };
    if (name && values.displayName.trim() !== name.value) changes.displayName = values.displayName.trim();
    const empty = changes.displayName === undefined && Object.keys(properties).length === 0;
    setNothingChanged(empty && !allowEmptySubmit);
    if (empty && !allowEmptySubmit) return;
    try {
      await onSubmit(changes);
    } catch (error) {
      setFailure(error);
      for (const missing of missingPropertyNames(error)) {
        const index = definitions.findIndex((definition) => definition.name === missing);
        if (index >= 0) form.setError(`properties.${fieldKey(index)}`, { message: 'Required: the service has no value for it yet.' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <PermissionNotice permission={permission} />
        <PermittedFieldset permission={permission}>
          <Stack gap="md">
            {name && (
              <TextInput
                label={name.label}
                description={name.description}
                withAsterisk={name.required}
                {...form.register('displayName')}
                error={form.formState.errors.displayName?.message}
              />
            )}
            {definitions.map((definition, index) => (
              <Fragment key={fieldKey(index)}>
                {addons?.[definition.name]?.((value) => {
                  form.setValue(`properties.${fieldKey(index)}`, value, { shouldDirty: true, shouldValidate: true });
                })}
                <PropertyField definition={definition} index={index} control={form.control} clearedOnSave={clearedOnSave.includes(definition.name)} />
              </Fragment>
            ))}
            {definitions.length === 0 && (
              <Text size="sm" c="dimmed">
                This spec has no properties to fill in.
              </Text>
            )}
          </Stack>
        </PermittedFieldset>
        <SecretBindingNotice message={clearedSecretsMessage(definitions, saved, pending, clearedOnSave)} />
        {failure !== null && <ErrorState error={failure} />}
        {nothingChanged && (
          <Alert color="gray" variant="light" role="status">
            {emptyMessage}
          </Alert>
        )}
        <Group>
          <PermittedButton permission={permission} type="submit" loading={isSubmitting}>
            {submitLabel}
          </PermittedButton>
          {footer}
        </Group>
      </Stack>
    </form>
  );
}
