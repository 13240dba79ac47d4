import { Alert, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { useCreateWebhookTrigger } from '@/resources/webhooks';

const PROVIDERS = ['slack'];

/** Creates a trigger; a failed save keeps what was typed. The signing secret is sent once and never shown again. */
export function NewWebhookTriggerForm({ workflowId }: { workflowId: number }) {
  const [provider, setProvider] = useState('slack');
  const providersId = useId();
  const [eventType, setEventType] = useState('');
  const [signingSecret, setSigningSecret] = useState('');
  const create = useCreateWebhookTrigger(workflowId, {
    onCreated: () => {
      setEventType('');
      setSigningSecret('');
    },
  });
  return (
    <form
      aria-label="New webhook trigger"
      onSubmit={(event) => {
        event.preventDefault();
        if (!create.isPending) create.mutate({ provider, eventType, signingSecret: signingSecret.trim() || undefined });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        {/* Any provider may be typed; the known ones are suggested by the browser's own list (no combobox library). */}
        <TextInput
          label="Provider"
          list={providersId}
          autoComplete="off"
          value={provider}
          onChange={(event) => {
            setProvider(event.currentTarget.value);
          }}
          required
          w={160}
        />
        <datalist id={providersId}>
          {PROVIDERS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <TextInput
          label="Event type"
          placeholder="message, app_mention…"
          value={eventType}
          onChange={(event) => {
            setEventType(event.currentTarget.value);
          }}
          required
          w={220}
        />
        <PasswordInput
          label="Signing secret (optional)"
          description="Requests without a valid signature are refused"
          value={signingSecret}
          onChange={(event) => {
            setSigningSecret(event.currentTarget.value);
          }}
          autoComplete="off"
          w={260}
        />
        <Button type="submit" loading={create.isPending}>
          Add trigger
        </Button>
      </Group>
      {create.isError && (
        <div style={{ marginTop: 12 }}>
          <ErrorState error={create.error} />
        </div>
      )}
      {create.isSuccess && (
        <Alert
          color="green"
          variant="light"
          mt="sm"
          role="status"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => {
            create.reset();
          }}
        >
          Trigger added. Its URL is in the list above.
        </Alert>
      )}
    </form>
  );
}
