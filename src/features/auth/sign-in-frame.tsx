import { Center, Paper, Title, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The sign-in card's heading. */
export function SignInHeading() {
  return (
    <div>
      <Title order={1} size="h2">
        Sign in to Flowdeck
      </Title>
      <Text c="dimmed" size="sm">
        Use an API key of your data-movement service.
      </Text>
    </div>
  );
}

/** The sign-in card around its content. */
export function SignInFrame({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w={420} component="main">
        {children}
      </Paper>
    </Center>
  );
}
