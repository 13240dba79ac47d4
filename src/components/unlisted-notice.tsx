import { Alert, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Where the service answers 404 or 405 to a list (the interface has none; Flowdeck's service adds them),
 * the page says so and still offers what the dashboard knows: the ids flows reference.
 */
export function UnlistedNotice({ what, knownIds, renderLink }: { what: string; knownIds: number[]; renderLink: (id: number) => ReactNode }) {
  return (
    <Stack gap="sm">
      <Alert color="gray" variant="light" title={`This service does not list ${what}`}>
        It answered “not found” to the list request, which its interface allows. Flowdeck shows the {what} it knows from the flows.
      </Alert>
      {knownIds.length === 0 ? (
        <Text c="dimmed" size="sm">
          No flow references any {what} yet.
        </Text>
      ) : (
        <Group gap="md">
          {knownIds.map((id) => (
            <span key={id}>{renderLink(id)}</span>
          ))}
        </Group>
      )}
    </Stack>
  );
}
