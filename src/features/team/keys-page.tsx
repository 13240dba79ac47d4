import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiKey, CreatedKey } from '@/api/team';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateTime } from '@/components/date-time';
import { PageHeader } from '@/components/page-header';
import { TimeAgo } from '@/components/time-ago';
import { PAGE_INTROS } from '@/lib/page-intros';
import { usePermission } from '@/resources/identity';
import { teamQueries, useRevokeKey } from '@/resources/team';
import { AdminOnly } from './admin-only';
import { NewKeyForm } from './new-key-form';
import { ShownOnce } from './shown-once';

/** API keys: who each belongs to (or a service key), its role, expiry and last use; create (the key shown once), revoke. */
export function KeysPage() {
  return (
    <AdminOnly title={PAGE_INTROS['/keys'].title} permission={usePermission('listKeys')}>
      <Keys />
    </AdminOnly>
  );
}

function Keys() {
  const { data: keys } = useSuspenseQuery(teamQueries.keys());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeKey();

  return (
    <>
      <PageHeader
        {...PAGE_INTROS['/keys']}
        actions={
          !creating && (
            <Button
              onClick={() => {
                setCreated(null);
                setCreating(true);
              }}
            >
              New key
            </Button>
          )
        }
      />
      {created && (
        <ShownOnce
          title={`Key “${created.name}” (${created.role})`}
          value={created.key}
          what="API key"
          expiresAt={created.expiresAt}
          onClose={() => {
            setCreated(null);
          }}
        />
      )}
      {creating && (
        <NewKeyForm
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
          onCancel={() => {
            setCreating(false);
          }}
        />
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Belongs to</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {key.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" size="sm">
                    {key.role}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{key.owner ? key.owner.name : 'Service key'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{key.expiresAt ? <DateTime value={key.expiresAt} precision="minutes" /> : 'Never'}</Text>
                </Table.Td>
                <Table.Td>{key.lastUsedAt ? <TimeAgo iso={key.lastUsedAt} size="sm" /> : <Text size="sm">Never</Text>}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Revoke the key “${key.name}”`}
                      onClick={() => {
                        revoke.reset();
                        setRevoking(key);
                      }}
                    >
                      Revoke
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={revoking !== null}
        title={`Revoke the key “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          setRevoking(null);
        }}
        onConfirm={() => {
          if (revoking)
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                setRevoking(null);
              },
            });
        }}
      >
        <Text size="sm">Whatever uses it stops working at once. This cannot be undone: a new key would have to be made and handed out.</Text>
      </ConfirmDialog>
    </>
  );
}
