import { Button, Card, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { type SubmitEvent, useState } from 'react';
import type { UserRole } from '@/api/roles';
import { type CreatedKey, createKeyInputSchema } from '@/api/team';
import { ErrorState } from '@/components/error-state';
import { useCaller } from '@/resources/identity';
import { useCreateKey } from '@/resources/team';
import { RoleSelect } from './role-select';

type Errors = Partial<Record<'name' | 'expiresAt', string>>;

/** The day a key stops working (the end of it, in the browser's zone), or undefined for never. */
function expiryOf(day: string): string | undefined {
  if (day === '') return undefined;
  const end = new Date(`${day}T23:59:59`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}

/** Name, role (no higher than the maker's), an optional expiry, and whether it is a service key (nobody's). */
export function NewKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedKey) => void; onCancel: () => void }) {
  const create = useCreateKey();
  const me = useCaller();
  const [role, setRole] = useState<UserRole>('viewer');
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const expiresOn = data.get('expiresOn');
    const day = typeof expiresOn === 'string' ? expiresOn : '';
    const expiresAt = expiryOf(day);
    if (expiresAt && Date.parse(expiresAt) <= Date.now()) {
      setErrors({ expiresAt: 'Choose a day from today on' });
      return;
    }
    const parsed = createKeyInputSchema.safeParse({
      name: data.get('name'),
      role,
      ...(expiresAt ? { expiresAt } : {}),
      ...(data.has('service') ? { service: true } : {}),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: onCreated });
  };

  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="new-key-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="new-key-title">
            New API key
          </Title>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput label="Name" description="What uses it: “CI”, “Nightly export”" name="name" required error={errors.name} miw={200} />
            <RoleSelect
              label="Role"
              description="No higher than yours"
              upTo={me?.role ?? 'admin'}
              value={role}
              onChange={(value) => {
                if (value) setRole(value as UserRole);
              }}
              miw={200}
            />
            <TextInput label="Expires on" description="Leave empty: until revoked" type="date" name="expiresOn" error={errors.expiresAt} miw={160} />
          </Group>
          {me?.type === 'user' && (
            <Checkbox
              name="service"
              label="Service key"
              description="Belongs to nobody: it keeps working when you leave. Otherwise it is yours and is revoked with you."
            />
          )}
          {create.isError && <ErrorState error={create.error} />}
          <Group gap="xs">
            <Button type="submit" loading={create.isPending}>
              Create key
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
