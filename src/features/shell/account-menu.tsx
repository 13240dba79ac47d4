import { Badge, Button, Group, Menu, Stack, Text } from '@mantine/core';
import type { Caller } from '@/api/team';

/** "Ana Lima (editor)" or, signed in with a key, the key's name. */
const whoLabel = (caller: Caller) => (caller.type === 'key' ? `Key “${caller.name}”` : caller.name);

/** Who is signed in and with which role; Sign out everywhere for a person (a key has no sessions of its own to end). */
export function AccountMenu({ caller, onSignOutEverywhere }: { caller: Caller; onSignOutEverywhere: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" h={28} aria-label={`Account: ${whoLabel(caller)}, ${caller.role}`} maw={220}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" truncate="end" maw={150}>
              {caller.name}
            </Text>
            <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
              {caller.role}
            </Badge>
          </Group>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          Signed in as {whoLabel(caller)} ({caller.role})
        </Menu.Label>
        {caller.type === 'user' ? (
          <Menu.Item onClick={onSignOutEverywhere}>Sign out everywhere</Menu.Item>
        ) : (
          <Menu.Item disabled>A key has no other sessions to end</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The same, in the phone's navigation. */
export function AccountSummary({ caller }: { caller: Caller }) {
  return (
    <Stack gap={2} mt="md" px="sm">
      <Text size="xs" c="dimmed">
        Signed in as
      </Text>
      <Group gap={6}>
        <Text size="sm" fw={500}>
          {whoLabel(caller)}
        </Text>
        <Badge size="xs" variant="light">
          {caller.role}
        </Badge>
      </Group>
    </Stack>
  );
}
