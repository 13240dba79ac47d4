import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import type { UserRole } from '@/api/roles';
import { createUserInputSchema, type InvitedUser } from '@/api/team';
import { ErrorState } from '@/components/error-state';
import { useInviteUser } from '@/resources/team';
import { RoleSelect } from './role-select';

type Errors = Partial<Record<'name' | 'email' | 'role', string>>;

/** Name, email and role of someone to invite; the service answers their invitation link, shown once by the page. */
export function InviteForm({ onInvited, onCancel }: { onInvited: (user: InvitedUser) => void; onCancel: () => void }) {
  const invite = useInviteUser();
  const [role, setRole] = useState<UserRole>('viewer');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = createUserInputSchema.safeParse({ name: data.get('name'), email: data.get('email'), role });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, { onSuccess: onInvited });
  };

  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="invite-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="invite-title">
            Invite someone
          </Title>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Name" name="name" required error={errors.name} miw={200} />
            <TextInput label="Email" name="email" type="email" required error={errors.email} miw={200} />
            <RoleSelect
              label="Role"
              value={role}
              onChange={(value) => {
                if (value) setRole(value as UserRole);
              }}
              miw={200}
            />
          </Group>
          {invite.isError && <ErrorState error={invite.error} />}
          <Group gap="xs">
            <Button type="submit" loading={invite.isPending}>
              Invite
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
