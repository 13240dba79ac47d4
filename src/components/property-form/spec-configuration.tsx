import { Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Properties, PropertyDefinition } from '@/api/common';
import { LazyMarkdown } from '@/components/lazy-markdown';
import type { Permission } from '@/lib/permissions';
import { type PropertyAddon, PropertyForm, type PropertyFormChanges } from './property-form';

interface SpecConfigurationProps {
  definitions: readonly PropertyDefinition[];
  saved: Properties;
  displayName: string;
  instructions: string | null;
  /** Changes when the saved resource changes, so the form starts again from what was saved. */
  version: string;
  onSubmit: (changes: PropertyFormChanges) => Promise<void>;
  onDirtyChange?: (dirty: boolean) => void;
  /** Beside Save (a source's Test connection). */
  footer?: ReactNode;
  /** Under the form (what Test connection found). */
  afterForm?: ReactNode;
  addons?: Readonly<Record<string, PropertyAddon>>;
  /** Whether the signed-in role may save it (PropertyForm). */
  permission?: Permission;
}

/** A source's or destination's configuration: the form drawn from its spec, the spec's instructions beside it. */
export function SpecConfiguration({
  definitions,
  saved,
  displayName,
  instructions,
  version,
  onSubmit,
  onDirtyChange,
  footer,
  afterForm,
  addons,
  permission,
}: SpecConfigurationProps) {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <PropertyForm
            key={version}
            definitions={definitions}
            saved={saved}
            name={{ label: 'Name', value: displayName, required: true }}
            submitLabel="Save"
            onSubmit={onSubmit}
            onDirtyChange={onDirtyChange}
            addons={addons}
            footer={footer}
            permission={permission}
          />
          {afterForm}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <Paper withBorder p="md" component="aside" aria-label="Setup instructions">
            <Title order={2} size="h5" mb="xs">
              Setup instructions
            </Title>
            {instructions ? (
              <LazyMarkdown>{instructions}</LazyMarkdown>
            ) : (
              <Text size="sm" c="dimmed">
                This spec has no instructions.
              </Text>
            )}
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
