import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import type { WebhookTrigger } from '@/api/webhooks';
import { ErrorState } from '@/components/error-state';
import { webhookQueries } from '@/resources/webhooks';
import { WebhookTriggerTable } from './webhook-trigger-table';

/** The interface only gets a trigger by id: where the service cannot list them, the user opens them by id. */
export function OpenTriggersById({ workflowId }: { workflowId: number }) {
  const [ids, setIds] = useState<number[]>([]);
  const [typed, setTyped] = useState<string | number>('');
  const opened = useQueries({ queries: ids.map((id) => webhookQueries.detail(workflowId, id)) });
  const found = opened.flatMap((query) => (query.data ? [query.data] : []));
  const failures = opened.flatMap((query, index) => (query.error ? [{ id: ids[index], error: query.error }] : []));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        This service does not list webhook triggers. Open one by its id.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const id = Number(typed);
          if (Number.isSafeInteger(id) && id > 0 && !ids.includes(id)) setIds([...ids, id]);
          setTyped('');
        }}
      >
        <Group align="flex-end" gap="sm">
          <NumberInput label="Trigger id" value={typed} onChange={setTyped} min={1} allowDecimal={false} w={160} />
          <Button type="submit" variant="light">
            Open
          </Button>
        </Group>
      </form>
      {failures.map(({ id, error }) => (
        <ErrorState key={id} error={isApiError(error, 'not_found') ? new Error(`Trigger ${String(id)} does not exist on this workflow.`) : error} />
      ))}
      {found.length > 0 && (
        <WebhookTriggerTable
          workflowId={workflowId}
          triggers={found}
          onDeleted={(trigger: WebhookTrigger) => {
            setIds((current) => current.filter((id) => id !== trigger.id));
          }}
        />
      )}
    </Stack>
  );
}
