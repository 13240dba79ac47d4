import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteWebhookTrigger, type WebhookTrigger } from '@/api/webhooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { TimeAgo } from '@/components/time-ago';
import { webhookQueries } from '@/lib/queries/webhook-queries';

function UrlCell({ url }: { url: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {url}
      </Text>
      <CopyButton value={url} label="Copy" description="Copy webhook URL" size="compact-xs" />
    </Group>
  );
}

/** Deletes after a confirmation that names the trigger; the dialog keeps the service's error if it fails. */
function useDeleteTrigger(workflowId: number, onDeleted: (trigger: WebhookTrigger) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (trigger: WebhookTrigger) => deleteWebhookTrigger(workflowId, trigger.id),
    onSuccess: async (_answer, trigger) => {
      client.setQueryData(webhookQueries.list(workflowId).queryKey, (triggers: WebhookTrigger[] | undefined) =>
        triggers?.filter((item) => item.id !== trigger.id),
      );
      client.removeQueries({ queryKey: webhookQueries.byId(workflowId, trigger.id).queryKey });
      onDeleted(trigger);
      await client.invalidateQueries({ queryKey: webhookQueries.list(workflowId).queryKey });
    },
  });
}

export function WebhookTriggerTable({
  workflowId,
  triggers,
  onDeleted,
}: {
  workflowId: number;
  triggers: readonly WebhookTrigger[];
  onDeleted?: (trigger: WebhookTrigger) => void;
}) {
  const [target, setTarget] = useState<WebhookTrigger | null>(null);
  const remove = useDeleteTrigger(workflowId, (trigger) => {
    setTarget(null);
    onDeleted?.(trigger);
  });
  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table aria-label="Webhook triggers" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Event type</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th ta="right">Triggered</Table.Th>
              <Table.Th>Last triggered</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {triggers.map((trigger) => (
              <Table.Tr key={trigger.id}>
                <Table.Td>{trigger.provider}</Table.Td>
                <Table.Td>
                  <Badge color={trigger.status === 'active' ? 'green' : 'gray'} variant="light" style={{ textTransform: 'none' }}>
                    {trigger.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{trigger.eventType ?? '—'}</Table.Td>
                <Table.Td maw={360}>
                  <UrlCell url={trigger.url} />
                </Table.Td>
                <Table.Td ta="right">{trigger.triggerCount}</Table.Td>
                <Table.Td>{trigger.lastTriggeredAt ? <TimeAgo iso={trigger.lastTriggeredAt} size="sm" /> : 'Never'}</Table.Td>
                <Table.Td>
                  <TimeAgo iso={trigger.createdAt} size="sm" />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="subtle"
                    aria-label={`Delete the ${trigger.provider} trigger ${String(trigger.id)}`}
                    onClick={() => {
                      remove.reset();
                      setTarget(trigger);
                    }}
                  >
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={target !== null}
        title={`Delete the ${target?.provider ?? ''} trigger for “${target?.eventType ?? 'any'}” events?`}
        confirmLabel="Delete trigger"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => {
          setTarget(null);
        }}
        onConfirm={() => {
          if (target && !remove.isPending) remove.mutate(target);
        }}
      >
        <Text size="sm">Requests to its URL will stop starting this workflow. The URL cannot be brought back.</Text>
      </ConfirmDialog>
    </>
  );
}
