import { Card, Stack, Text, Title } from '@mantine/core';
import { PermissionNote } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { webhookQueries } from '@/resources/webhooks';
import { NewWebhookTriggerForm } from './new-webhook-trigger-form';
import { WebhookTriggerTable } from './webhook-trigger-table';

// Only a service that cannot list triggers shows this (with its number input): it loads when it is shown.
const OpenTriggersById = lazy(async () => ({ default: (await import('./open-triggers-by-id')).OpenTriggersById }));

export function WebhookTriggersSection({ workflowId }: { workflowId: number }) {
  const may = usePermission('listWebhookTriggers');
  const list = useQuery({ ...webhookQueries.list(workflowId), retry: false, enabled: may.allowed });
  const unlisted = isApiError(list.error, 'not_found');
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="webhooks-title">
      <Title order={2} size="h4" id="webhooks-title" mb="sm">
        Webhook triggers
      </Title>
      {!may.allowed ? (
        <PermissionNote permission={may} />
      ) : unlisted ? (
        <Suspense fallback={<BlockSkeleton label="Loading webhook triggers" rows={2} />}>
          <OpenTriggersById workflowId={workflowId} />
        </Suspense>
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <BlockSkeleton label="Loading webhook triggers" rows={2} />
      ) : (
        <Stack gap="md">
          {list.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No webhook triggers: this workflow runs on its schedule and by hand only.
            </Text>
          ) : (
            <WebhookTriggerTable workflowId={workflowId} triggers={list.data} />
          )}
          <NewWebhookTriggerForm workflowId={workflowId} />
        </Stack>
      )}
    </Card>
  );
}
