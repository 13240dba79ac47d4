import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { SpecLifecycle } from '@/api/common';
import { safeHttpUrl } from '@/lib/urls';
import { LifecycleBadge } from './lifecycle-badge';

export interface SpecSummaryData {
  name: string;
  displayName: string | null;
  tagLine: string | null;
  website: string | null;
  lifecycle: SpecLifecycle | null;
  authenticationStrategy?: string | null;
}

const strategies: Record<string, string> = {
  NONE: 'No credentials',
  BASIC: 'User name and password',
  TOKEN: 'Access token',
  AUTH_CODE: 'OAuth authorization code',
  CLIENT_CREDENTIALS: 'OAuth client credentials',
  FETCH_CREDENTIALS: 'Fetched credentials',
  OIDC: 'OpenID Connect',
};

export function describeAuthentication(strategy: string): string {
  return strategies[strategy] ?? strategy;
}

/** What a spec is: name, tag line, website, lifecycle and (for sources) how it authenticates. */
export function SpecSummary({ spec }: { spec: SpecSummaryData }) {
  const website = safeHttpUrl(spec.website);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Text fw={600}>{spec.displayName ?? spec.name}</Text>
        <LifecycleBadge lifecycle={spec.lifecycle} />
      </Group>
      {spec.tagLine && <Text size="sm">{spec.tagLine}</Text>}
      <Group gap="md">
        <Text size="xs" c="dimmed">
          Spec <code>{spec.name}</code>
        </Text>
        {spec.authenticationStrategy && (
          <Text size="xs" c="dimmed">
            Authentication: {describeAuthentication(spec.authenticationStrategy)}
          </Text>
        )}
        {website && (
          <Anchor size="xs" href={website} target="_blank" rel="noopener noreferrer">
            {new URL(website).host}
          </Anchor>
        )}
      </Group>
    </Stack>
  );
}
