import { Checkbox, Group, MultiSelect, PasswordInput, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import {
  ALERT_EVENTS,
  type AlertChannel,
  type AlertChannelKind,
  type AlertEvent,
  createAlertChannelInputSchema,
  type CreateAlertChannelInput,
  SIGNING_SECRET_MIN_CHARS,
  updateAlertChannelInputSchema,
  type UpdateAlertChannelInput,
} from '@/api/alerts';
import { ErrorState } from '@/components/error-state';
import { flowName } from '@/lib/flow-name';
import { flowQueries } from '@/resources/flows';
import { EVENT_LABELS } from './alert-words';
import { FormActions } from '@/components/form-actions';
import { PermissionNotice, PermittedFieldset } from '@/components/permitted';
import { ALLOWED, type Permission } from '@/lib/permissions';

interface Values {
  kind: AlertChannelKind;
  name: string;
  url: string;
  signingSecret: string;
  events: AlertEvent[];
  scope: 'all' | 'chosen';
  flows: string[];
}

type FieldErrors = Partial<Record<keyof Values, string>>;

const startValues = (channel: AlertChannel | undefined): Values => ({
  kind: channel?.kind === 'webhook' ? 'webhook' : 'slack',
  name: channel?.name ?? '',
  url: '',
  signingSecret: '',
  events: channel ? ALERT_EVENTS.filter((event) => channel.events.includes(event)) : [...ALERT_EVENTS],
  scope: channel?.flows ? 'chosen' : 'all',
  flows: channel?.flows?.map(String) ?? [],
});

/** The issues of the same writer schema the service validates with, by form field. */
function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'name') as keyof Values;
    errors[field] ??= issue.message;
  }
  return errors;
}

interface AlertChannelFormProps {
  /** Editing this channel; a new channel when absent. */
  channel?: AlertChannel;
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onCreate?: (input: CreateAlertChannelInput) => void;
  onUpdate?: (input: UpdateAlertChannelInput) => void;
  onCancel?: () => void;
  /** Whether the signed-in role may save it: when not, the reason above, the fields and the save disabled. */
  permission?: Permission;
}

/**
 * A channel's kind, name, URL (a secret: typed into a password field, never shown again), the rules it
 * listens to and the flows they cover. Editing, an empty URL or secret keeps the saved one; a new URL of a
 * webhook channel needs its signing secret again, since a secret is only sent where it was entered for.
 */
export function AlertChannelForm({ channel, pending, error, submitLabel, onCreate, onUpdate, onCancel, permission = ALLOWED }: AlertChannelFormProps) {
  const [values, setValues] = useState<Values>(() => startValues(channel));
  const [errors, setErrors] = useState<FieldErrors>({});
  const flows = useQuery(flowQueries.list());
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const editing = channel !== undefined;
  const webhook = values.kind === 'webhook';

  const submit = () => {
    const common = {
      name: values.name,
      // In the catalogue's order, however they were ticked.
      events: ALERT_EVENTS.filter((event) => values.events.includes(event)),
      flows: values.scope === 'all' ? null : values.flows.map(Number),
      ...(webhook && values.signingSecret !== '' ? { signingSecret: values.signingSecret } : {}),
    };
    if (editing) {
      const input = { ...common, ...(values.url.trim() === '' ? {} : { url: values.url }) };
      const parsed = updateAlertChannelInputSchema.safeParse(input);
      if (!parsed.success) setErrors(fieldErrors(parsed.error.issues));
      else onUpdate?.(input);
    } else {
      const input = { ...common, kind: values.kind, url: values.url };
      const parsed = createAlertChannelInputSchema.safeParse(input);
      if (!parsed.success) setErrors(fieldErrors(parsed.error.issues));
      else onCreate?.(input);
    }
  };

  const flowOptions = (flows.data ?? []).map((flow) => ({ value: String(flow.id), label: flowName(flow) }));
  return (
    <form
      aria-label={editing ? 'Edit channel' : 'New channel'}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) submit();
      }}
    >
      <Stack gap="md" maw={560}>
        <PermissionNotice permission={permission} />
        <PermittedFieldset permission={permission}>
          <Stack gap="md">
            {!editing && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="channel-kind-label">
                  Kind
                </Text>
                <SegmentedControl
                  aria-labelledby="channel-kind-label"
                  fullWidth
                  // Short words: both must fit a phone's width side by side (the URL field below names the kind in full).
                  data={[
                    { value: 'slack', label: 'Slack' },
                    { value: 'webhook', label: 'Signed webhook' },
                  ]}
                  value={values.kind}
                  onChange={(kind) => {
                    set('kind', kind);
                  }}
                />
              </Stack>
            )}
            <TextInput
              label="Name"
              placeholder="#data-alerts"
              value={values.name}
              error={errors.name}
              required
              onChange={(event) => {
                set('name', event.currentTarget.value);
              }}
            />
            <PasswordInput
              label={webhook ? 'Webhook URL' : 'Slack incoming webhook URL'}
              description={
                editing
                  ? 'Leave empty to keep the saved URL, which is never shown again.'
                  : webhook
                    ? 'Where Flowdeck posts each alert as signed JSON. Kept encrypted, never shown again.'
                    : 'https://hooks.slack.com/services/… Kept encrypted, never shown again.'
              }
              placeholder={editing ? '••••••••' : 'https://'}
              value={values.url}
              error={errors.url}
              required={!editing}
              autoComplete="off"
              onChange={(event) => {
                set('url', event.currentTarget.value);
              }}
            />
            {webhook && (
              <PasswordInput
                label="Signing secret"
                description={
                  editing
                    ? 'Leave empty to keep it. A new URL needs the secret again: a secret is only sent where it was entered for.'
                    : `At least ${String(SIGNING_SECRET_MIN_CHARS)} characters. Each body is signed with HMAC-SHA256 under it (header X-Flowdeck-Signature).`
                }
                value={values.signingSecret}
                error={errors.signingSecret}
                required={!editing}
                autoComplete="new-password"
                onChange={(event) => {
                  set('signingSecret', event.currentTarget.value);
                }}
              />
            )}
            <Checkbox.Group
              label="Rules"
              description="What this channel is told about"
              value={values.events}
              error={errors.events}
              onChange={(events) => {
                set('events', events);
              }}
            >
              <Stack gap={6} mt={6}>
                {ALERT_EVENTS.map((event) => (
                  <Checkbox key={event} value={event} label={EVENT_LABELS[event]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Radio.Group
              label="Flows"
              value={values.scope}
              onChange={(scope) => {
                set('scope', scope);
              }}
            >
              <Group gap="lg" mt={6}>
                <Radio value="all" label="All flows" />
                <Radio value="chosen" label="Chosen flows" />
              </Group>
            </Radio.Group>
            {values.scope === 'chosen' && (
              <MultiSelect
                label="Chosen flows"
                placeholder={flows.isPending ? 'Loading flows…' : 'Pick flows'}
                data={flowOptions}
                value={values.flows}
                error={errors.flows}
                searchable
                onChange={(chosen) => {
                  set('flows', chosen);
                }}
              />
            )}
          </Stack>
        </PermittedFieldset>
        {error !== null && error !== undefined && <ErrorState error={error} />}
        <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} permission={permission} />
      </Stack>
    </form>
  );
}
