import { Alert, Autocomplete, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { useCreateWebhookTrigger } from '@/resources/webhooks';

const PROVIDERS = ['slack'];

/** Creates a trigger; a failed save keeps what was typed. The signing secret is sent once and never shown again. */
export function NewWebhookTriggerForm({ workflowId }: { workflowId: number }) {
  const [provider, setProvider] = useState('slack');
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
        <Autocomplete label="Provider" data={PROVIDERS} value={provider} onChange={setProvider} required w={160} />
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
