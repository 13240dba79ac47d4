import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LifecycleBadge } from '@/components/lifecycle-badge';
import type { SpecSummaryData } from '@/components/spec-summary';
import type { EndpointNoun } from '@/lib/endpoint-names';

interface SpecSearchProps {
  noun: EndpointNoun;
  specs: readonly SpecSummaryData[];
  selected: string | null;
  onSelect: (spec: SpecSummaryData) => void;
}

/** Every word must be in the spec's name, display name or tag line. */
function matches(spec: SpecSummaryData, words: readonly string[]): boolean {
  const haystack = [spec.name, spec.displayName ?? '', spec.tagLine ?? ''].join('\n').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/**
 * Choosing the spec of a new source or destination: a search over the specs, each shown as a card (name,
 * lifecycle, tag line) to pick. The chosen one stays listed whatever the search, so it never vanishes.
 */
export function SpecSearch({ noun, specs, selected, onSelect }: SpecSearchProps) {
  const [q, setQ] = useState('');
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = specs.filter((spec) => spec.name === selected || matches(spec, words));
  return (
    <Stack gap="sm">
      <TextInput
        type="search"
        label={`Search ${noun} specs`}
        placeholder="Name or what it connects to"
        value={q}
        maw={420}
        onChange={(event) => {
          setQ(event.currentTarget.value);
        }}
      />
      <Radio.Group
        label={`${noun === 'source' ? 'Source' : 'Destination'} spec`}
        value={selected}
        onChange={(name) => {
          const spec = specs.find((candidate) => candidate.name === name);
          if (spec) onSelect(spec);
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="xs">
          {shown.map((spec) => (
            <Radio.Card key={spec.name} value={spec.name} p="md" radius="md" aria-label={spec.displayName ?? spec.name}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator mt={2} />
                <Stack gap={4}>
                  <Group gap="xs">
                    <Text fw={600}>{spec.displayName ?? spec.name}</Text>
                    <LifecycleBadge lifecycle={spec.lifecycle} />
                  </Group>
                  {spec.tagLine && (
                    <Text size="sm" c="dimmed">
                      {spec.tagLine}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          No {noun} spec matches “{q}”.
        </Text>
      )}
    </Stack>
  );
}
