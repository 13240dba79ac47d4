import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PermittedButton } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { AlertChannel } from '@/api/alerts';
import { ActionFeedback, type Feedback } from '@/components/action-feedback';
import { AnchorLink } from '@/components/anchor-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateTime } from '@/components/date-time';
import { Fact } from '@/components/fact';
import { PageHeader } from '@/components/page-header';
import { flowName } from '@/lib/flow-name';
import { alertQueries, useDeleteAlertChannel, useSendTestAlert, useUpdateAlertChannel } from '@/resources/alerts';
import { flowQueries } from '@/resources/flows';
import { AlertChannelForm } from './alert-channel-form';
import { kindLabel, rulesText } from './alert-words';
import { DeliveriesTable } from './deliveries-table';

function ChosenFlows({ channel }: { channel: AlertChannel }) {
  const flows = useQuery(flowQueries.list());
  if (channel.flows === null) return <>All flows</>;
  return (
    <Group gap={8} component="span">
      {channel.flows.map((flowId) => {
        const flow = flows.data?.find((candidate) => candidate.id === flowId);
        return (
          <AnchorLink key={flowId} to="/flows/$flowId" params={{ flowId: String(flowId) }} size="sm">
            {flow ? flowName(flow) : `Flow ${String(flowId)}`}
          </AnchorLink>
        );
      })}
    </Group>
  );
}

function ChannelSummary({ channel }: { channel: AlertChannel }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
      <Fact label="Kind">{kindLabel(channel.kind)}</Fact>
      <Fact label="Sends to">
        <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
          {channel.address}
        </Text>{' '}
        <Text span size="xs" c="dimmed">
          (the rest of the URL is kept secret)
        </Text>
      </Fact>
      {channel.kind === 'webhook' && <Fact label="Signing secret">{channel.signingSecretSet ? 'Set (never shown)' : 'Not set'}</Fact>}
      <Fact label="Rules">{rulesText(channel.events)}</Fact>
      <Fact label="Flows">
        <ChosenFlows channel={channel} />
      </Fact>
      <Fact label="Changed">
        <DateTime value={channel.updatedAt} precision="minutes" />
      </Fact>
    </SimpleGrid>
  );
}

/** A channel: what it sends where, Send test, its rules (editable) and its last deliveries with the answers they got. */
export function AlertChannelPage({ channelId }: { channelId: number }) {
  const { data: channel } = useSuspenseQuery(alertQueries.detail(channelId));
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const sendTest = useSendTestAlert(channelId);
  const may = { test: usePermission('sendTestAlert'), remove: usePermission('deleteAlertChannel'), edit: usePermission('updateAlertChannel') };
  const update = useUpdateAlertChannel(channelId, {
    onSaved: () => {
      setEditing(false);
      setFeedback({ kind: 'success', message: 'Channel saved.' });
    },
  });
  const remove = useDeleteAlertChannel(channelId, { onDeleted: () => void navigate({ to: '/alerts' }) });

  return (
    <>
      <PageHeader
        section="alerts"
        title={channel.name}
        description={`${kindLabel(channel.kind)} · ${channel.address}`}
        actions={
          <Group gap="sm">
            <PermittedButton
              permission={may.test}
              loading={sendTest.isPending}
              onClick={() => {
                sendTest.mutate(undefined, {
                  onSuccess: () => {
                    setFeedback({ kind: 'success', message: 'Test alert queued: its outcome shows in the deliveries below.' });
                  },
                  onError: (error) => {
                    setFeedback({ kind: 'error', error });
                  },
                });
              }}
            >
              Send test
            </PermittedButton>
            <PermittedButton
              permission={may.remove}
              variant="default"
              color="red"
              onClick={() => {
                setConfirming(true);
              }}
            >
              Delete
            </PermittedButton>
          </Group>
        }
      />
      <Stack gap="lg">
        <ActionFeedback
          feedback={feedback}
          onClose={() => {
            setFeedback(null);
          }}
        />
        <Card withBorder padding="lg" component="section" aria-labelledby="channel-settings">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="channel-settings">
              Settings and rules
            </Title>
            {!editing && (
              <PermittedButton
                permission={may.edit}
                variant="light"
                size="compact-sm"
                onClick={() => {
                  update.reset();
                  setEditing(true);
                }}
              >
                Edit
              </PermittedButton>
            )}
          </Group>
          {editing ? (
            <AlertChannelForm
              channel={channel}
              pending={update.isPending}
              error={update.error}
              submitLabel="Save"
              onUpdate={(input) => {
                update.mutate(input);
              }}
              onCancel={() => {
                setEditing(false);
              }}
            />
          ) : (
            <ChannelSummary channel={channel} />
          )}
        </Card>
        <Card withBorder padding="lg" component="section" aria-labelledby="channel-deliveries">
          <Title order={2} size="h4" mb="sm" id="channel-deliveries">
            Last deliveries
          </Title>
          <DeliveriesTable channelId={channelId} />
        </Card>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={`Delete the channel "${channel.name}"?`}
        confirmLabel="Delete channel"
        onConfirm={() => {
          remove.mutate();
        }}
        onClose={() => {
          setConfirming(false);
        }}
        pending={remove.isPending}
        error={remove.error}
      >
        <Text size="sm">It stops receiving alerts at once, and its delivery history goes with it.</Text>
      </ConfirmDialog>
    </>
  );
}
