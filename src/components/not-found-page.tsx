import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { SECTIONS, type Section } from './breadcrumbs';

/** The section an address lies in (`/flows/999` → Flows), for a way back nearer than the overview. */
function sectionOf(pathname: string): Section | undefined {
  const first = pathname.split('/')[1];
  return first && first in SECTIONS ? (first as Section) : undefined;
}

/**
 * One page for every address with nothing at it: an unknown route and an id the service does not know (it
 * answered 404, or the list lacks it) alike. It renders inside the shell, so the navigation stays.
 */
export function NotFoundPage() {
  const section = sectionOf(useLocation({ select: (location) => location.pathname }));
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed" ta="center">
        There is nothing at this address in Flowdeck. It may have been deleted, or the link is wrong.
      </Text>
      <Group gap="sm" justify="center">
        {section && (
          <Button component={Link} to={SECTIONS[section].to}>
            Back to {SECTIONS[section].label.toLowerCase()}
          </Button>
        )}
        <Button component={Link} to="/" variant={section ? 'default' : 'filled'}>
          Go to the overview
        </Button>
      </Group>
    </Stack>
  );
}
