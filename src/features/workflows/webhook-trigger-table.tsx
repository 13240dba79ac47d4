import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { WebhookTrigger } from '@/api/webhooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { TimeAgo } from '@/components/time-ago';
import { useDeleteWebhookTrigger } from '@/resources/webhooks';

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
  // Deletes after a confirmation that names the trigger; the dialog keeps the service's error if it fails.
  const remove = useDeleteWebhookTrigger(workflowId, {
    onDeleted: (trigger) => {
      setTarget(null);
      onDeleted?.(trigger);
    },
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
