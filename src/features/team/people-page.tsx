import { Badge, Button, Group, Select, Table, Text, VisuallyHidden } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { USER_ROLES } from '@/api/roles';
import type { SingleUseLink, User } from '@/api/team';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { TimeAgo } from '@/components/time-ago';
import { PAGE_INTROS } from '@/lib/page-intros';
import { useCaller, usePermission } from '@/resources/identity';
import { teamQueries, useRemoveUser, useResetPassword, useUpdateUser } from '@/resources/team';
import { AdminOnly } from './admin-only';
import { InviteForm } from './invite-form';
import { ShownOnce } from './shown-once';

type Shown = { title: string; link: SingleUseLink; what: string };
type Asking = { kind: 'reset' | 'remove'; user: User };

/** People who may sign in: invite (the link shown once), change a role, make a password reset link, remove. */
export function PeoplePage() {
  return (
    <AdminOnly title={PAGE_INTROS['/users'].title} permission={usePermission('listUsers')}>
      <People />
    </AdminOnly>
  );
}

function People() {
  const { data: users } = useSuspenseQuery(teamQueries.users());
  const me = useCaller();
  const [inviting, setInviting] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const update = useUpdateUser();
  const reset = useResetPassword();
  const remove = useRemoveUser();
  const confirming = asking?.kind === 'reset' ? reset : remove;

  const confirm = () => {
    if (!asking) return;
    const { user } = asking;
    if (asking.kind === 'reset') {
      reset.mutate(user.id, {
        onSuccess: (link) => {
          setAsking(null);
          setShown({ title: `Password reset link for ${user.name}`, link, what: 'password reset link' });
        },
      });
    } else {
      remove.mutate(user.id, {
        onSuccess: () => {
          setAsking(null);
        },
      });
    }
  };

  return (
    <>
      <PageHeader
        {...PAGE_INTROS['/users']}
        actions={
          !inviting && (
            <Button
              onClick={() => {
                setInviting(true);
              }}
            >
              Invite someone
            </Button>
          )
        }
      />
      {shown && (
        <ShownOnce
          title={shown.title}
          value={shown.link.url}
          what={shown.what}
          expiresAt={shown.link.expiresAt}
          onClose={() => {
            setShown(null);
          }}
        />
      )}
      {inviting && (
        <InviteForm
          onInvited={(user) => {
            setInviting(false);
            setShown({ title: `Invitation link for ${user.name}`, link: user.invitation, what: 'invitation link' });
          }}
          onCancel={() => {
            setInviting(false);
          }}
        />
      )}
      {update.isError && <ErrorState error={update.error} />}
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" aria-label="People">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Last seen</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {user.name}
                    </Text>
                    {user.state === 'invited' && (
                      <Badge size="xs" variant="light">
                        invited
                      </Badge>
                    )}
                    {me?.type === 'user' && me.id === user.id && (
                      <Badge size="xs" variant="outline">
                        you
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{user.email}</Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Role of ${user.name}`}
                    size="xs"
                    w={130}
                    allowDeselect={false}
                    data={USER_ROLES.map((role) => ({ value: role, label: role }))}
                    value={user.role}
                    onChange={(role) => {
                      if (role && role !== user.role) update.mutate({ id: user.id, input: { role } });
                    }}
                  />
                </Table.Td>
                <Table.Td>{user.lastSeenAt ? <TimeAgo iso={user.lastSeenAt} size="sm" /> : <Text size="sm">Never</Text>}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    <Button
                      size="compact-sm"
                      variant="default"
                      aria-label={`Reset the password of ${user.name}`}
                      onClick={() => {
                        reset.reset();
                        setAsking({ kind: 'reset', user });
                      }}
                    >
                      Reset password
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${user.name}`}
                      onClick={() => {
                        remove.reset();
                        setAsking({ kind: 'remove', user });
                      }}
                    >
                      Remove
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={asking !== null}
        title={asking?.kind === 'reset' ? `Make a password reset link for ${asking.user.name}?` : `Remove ${asking?.user.name ?? ''}?`}
        confirmLabel={asking?.kind === 'reset' ? 'Make reset link' : 'Remove'}
        pending={confirming.isPending}
        error={confirming.error}
        onClose={() => {
          setAsking(null);
        }}
        onConfirm={confirm}
      >
        <Text size="sm">
          {asking?.kind === 'reset'
            ? 'The link sets a new password, once, within 24 hours. Their sessions end when it is used.'
            : 'They can no longer sign in: their sessions end and their API keys are revoked. What they changed stays in the audit log.'}
        </Text>
      </ConfirmDialog>
    </>
  );
}
