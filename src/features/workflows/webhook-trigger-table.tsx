import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { WebhookTrigger } from '@/api/webhooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
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
  const columns: Column<WebhookTrigger>[] = [
    { key: 'provider', header: 'Provider', cell: (trigger) => trigger.provider },
    {
      key: 'status',
      header: 'Status',
      cell: (trigger) => (
        <Badge color={trigger.status === 'active' ? 'green' : 'gray'} variant="light" miw="max-content" style={{ textTransform: 'none' }}>
          {trigger.status}
        </Badge>
      ),
    },
    { key: 'event', header: 'Event type', primary: true, cell: (trigger) => trigger.eventType ?? '—' },
    { key: 'url', header: 'URL', width: 360, cell: (trigger) => <UrlCell url={trigger.url} /> },
    { key: 'count', header: 'Triggered', align: 'right', cell: (trigger) => trigger.triggerCount },
    {
      key: 'last',
      header: 'Last triggered',
      cell: (trigger) => (trigger.lastTriggeredAt ? <TimeAgo iso={trigger.lastTriggeredAt} size="sm" /> : 'Never'),
    },
    { key: 'created', header: 'Created', hideInCard: true, cell: (trigger) => <TimeAgo iso={trigger.createdAt} size="sm" /> },
    {
      key: 'delete',
      header: '',
      cell: (trigger) => (
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
      ),
    },
  ];
  return (
    <>
      <ResponsiveTable label="Webhook triggers" columns={columns} rows={triggers} rowKey={(trigger) => trigger.id} minWidth={900} />
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
