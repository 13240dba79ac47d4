import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SourceSpecSummary } from '@/api/specs';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { specQueries } from '@/resources/specs';

/**
 * Choosing a source spec: a searchable list where the service lists specs (Flowdeck's addition), or
 * typing a spec's name where it does not (the interface only gets one spec by name).
 */
export function SourceSpecPicker({ value, onChange }: { value: string | null; onChange: (name: string | null) => void }) {
  const specs = useQuery(specQueries.sources());
  const [typed, setTyped] = useState(value ?? '');

  if (specs.isPending) return <BlockSkeleton label="Loading source specs" rows={2} />;
  if (specs.isError) return <ErrorState error={specs.error} onRetry={() => void specs.refetch()} />;

  if (!specs.data.available) {
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
            onClick={() => {
              onChange(typed.trim());
            }}
          >
            Look up
          </Button>
        </Group>
      </Stack>
    );
  }

  const options = specs.data.items.map((spec: SourceSpecSummary) => ({
    value: spec.name,
    label: `${spec.displayName ?? spec.name}${spec.tagLine ? ` — ${spec.tagLine}` : ''}`,
  }));
  return (
    <Select
      label="Source spec"
      placeholder="Search by name or what it connects to"
      searchable
      nothingFoundMessage="No spec matches"
      data={options}
      value={value}
      onChange={onChange}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
