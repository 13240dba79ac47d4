import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { verifySource } from '@/api/sources';
import { PermittedButton } from '@/components/permitted';
import type { Permission } from '@/lib/permissions';
import { usePermission } from '@/resources/identity';
import { sourceKind } from './source-kind';
import { CHECK_DESCRIPTION, ConnectionCheck, ConnectionCheckResult, type ConnectionCheckState, useConnectionCheck } from '@/components/connection-check';

/**
 * "Test connection" (source verify, GET /v2/sources/{id}/verify): the same checklist as destination
 * verify, on what is saved: each missing required property, then a real connection within 10 seconds.
 */
const SOURCE_CHECK = {
  label: 'Test connection',
  what: 'source',
  notFoundMessage: 'The service answered “not found”: it no longer knows this source, or it cannot test source connections.',
} as const;

/** On its own, as a panel (where there is no form to put it beside); `permission`: whether the role may test it. */
export function SourceTestConnection({
  sourceId,
  unsavedChanges = false,
  permission,
}: {
  sourceId: number;
  unsavedChanges?: boolean;
  permission?: Permission;
}) {
  return <ConnectionCheck {...SOURCE_CHECK} check={() => verifySource(sourceId)} unsavedChanges={unsavedChanges} permission={permission} />;
}

export const useSourceTestConnection = (sourceId: number) => useConnectionCheck(() => verifySource(sourceId));

/** Beside Save: the button. */
export function TestConnectionButton({ state }: { state: ConnectionCheckState }) {
  const permission = usePermission(sourceKind.operations.verify);
  return (
    <PermittedButton
      permission={permission}
      variant="default"
      title={CHECK_DESCRIPTION}
      loading={state.run.isPending}
      onClick={() => {
        state.run.mutate();
      }}
    >
      {SOURCE_CHECK.label}
    </PermittedButton>
  );
}

/** Under the form, once a test has run: what it found. */
export function TestConnectionResult({ state, unsavedChanges }: { state: ConnectionCheckState; unsavedChanges: boolean }) {
  const titleId = useId();
  if (state.run.isIdle) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {SOURCE_CHECK.label}
        </Title>
        <Text size="sm" c="dimmed">
          {CHECK_DESCRIPTION}
        </Text>
        <ConnectionCheckResult state={state} {...SOURCE_CHECK} unsavedChanges={unsavedChanges} />
      </Stack>
    </Paper>
  );
}
