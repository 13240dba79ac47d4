import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SourceSpecSummary } from '@/api/specs';
import { ErrorState } from '@/components/error-state';
import { specQueries } from '@/resources/specs';

/**
 * Where the service lists no source specs (the interface only gets one spec by name): the name is
 * typed and looked up.
 */
export function SourceSpecLookup({ onFound }: { onFound: (spec: SourceSpecSummary) => void }) {
  const [typed, setTyped] = useState('');
  const [name, setName] = useState<string | null>(null);
  const spec = useQuery({ ...specQueries.source(name ?? ''), enabled: name !== null });
  const found = spec.data;
  useEffect(() => {
    if (found) onFound(found);
  }, [found, onFound]);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        This service does not list its source specs: type the name of one.
      </Text>
      <Group align="flex-end">
        <TextInput
          label="Source spec name"
          placeholder="postgres"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
          }}
        />
        <Button
          variant="light"
          disabled={typed.trim() === ''}
          loading={spec.isFetching}
          onClick={() => {
            setName(typed.trim());
          }}
        >
          Look up
        </Button>
      </Group>
      {spec.isError && <ErrorState error={spec.error} />}
    </Stack>
  );
}
