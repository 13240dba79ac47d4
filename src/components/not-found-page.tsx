import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" py="xl" gap="sm" component="main">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">There is nothing at this address in Flowdeck.</Text>
      <Button component={Link} to="/" variant="light">
        Go to the overview
      </Button>
    </Stack>
  );
}
