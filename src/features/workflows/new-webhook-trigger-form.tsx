import { Alert, Autocomplete, Button, Group, PasswordInput, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createWebhookTrigger } from '@/api/webhooks';
import { ErrorState } from '@/components/error-state';
import { webhookQueries } from '@/lib/queries/webhook-queries';

const PROVIDERS = ['slack'];

/** Creates a trigger; a failed save keeps what was typed. The signing secret is sent once and never shown again. */
export function NewWebhookTriggerForm({ workflowId }: { workflowId: number }) {
  const client = useQueryClient();
  const [provider, setProvider] = useState('slack');
  const [eventType, setEventType] = useState('');
  const [signingSecret, setSigningSecret] = useState('');
  const create = useMutation({
    mutationFn: () => createWebhookTrigger(workflowId, { provider, eventType, signingSecret: signingSecret.trim() || undefined }),
    onSuccess: async () => {
      setEventType('');
      setSigningSecret('');
      await client.invalidateQueries({ queryKey: webhookQueries.list(workflowId).queryKey });
    },
  });
  return (
    <form
      aria-label="New webhook trigger"
      onSubmit={(event) => {
        event.preventDefault();
        if (!create.isPending) create.mutate();
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
