import { Alert, Button, Group, List, Paper, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, memo, Suspense, useState } from 'react';
import type { Flow } from '@/api/flows';
import { ErrorState } from '@/components/error-state';
import { PermittedButton } from '@/components/permitted';
import type { Permission } from '@/lib/permissions';
import { usePermission } from '@/resources/identity';
import { type BulkFlowAction, type BulkOutcome, useBulkFlowAction } from '@/resources/flows';
import { outcomeLine, outcomeTitle } from './bulk-outcomes';

const loadDeleteDialog = () => import('./flows-delete-dialog');
const FlowsDeleteDialog = lazy(() => loadDeleteDialog().then((module) => ({ default: module.FlowsDeleteDialog })));

const LABELS: Record<BulkFlowAction, string> = { run: 'Run now', pause: 'Pause', resume: 'Resume', delete: 'Delete' };

interface FlowsBulkActionsProps {
  /** The selected flows among those listed. */
  flows: readonly Flow[];
  onClear: () => void;
  /** Called with every flow's outcome once the action has gone through all of them. */
  onFinished: (outcomes: readonly BulkOutcome[]) => void;
}

/** The bar for the selected flows (Run, Pause, Resume, Delete) and one summary of what happened to each. */
/** Memoised: a keystroke in the search that leaves the selection as it was does not draw the bar again. */
export const FlowsBulkActions = memo(function FlowsBulkActions({ flows, onClear, onFinished }: FlowsBulkActionsProps) {
  const bulk = useBulkFlowAction();
  const [summary, setSummary] = useState<{ action: BulkFlowAction; outcomes: readonly BulkOutcome[] } | null>(null);
  const [confirmingDelete, confirmDelete] = useDisclosure(false);
  const [deleteWanted, setDeleteWanted] = useState(false);
  const wantDelete = () => {
    void loadDeleteDialog();
  };

  const start = (action: BulkFlowAction) => {
    setSummary(null);
    bulk.mutate(
      { action, flows },
      {
        onSuccess: (outcomes) => {
          confirmDelete.close();
          setSummary({ action, outcomes });
          onFinished(outcomes);
        },
      },
    );
  };
  const pendingAction = bulk.isPending ? bulk.variables.action : null;
  const pausing = usePermission('updateFlow', { pause: true });
  const may: Record<BulkFlowAction, Permission> = { run: usePermission('runFlow'), pause: pausing, resume: pausing, delete: usePermission('deleteFlow') };

  return (
    <>
      {summary && (
        <BulkSummary
          {...summary}
          onClose={() => {
            setSummary(null);
          }}
        />
      )}
      {bulk.isError && <ErrorState error={bulk.error} />}
      {flows.length > 0 && (
        <Paper withBorder p="xs" mb="xs" role="region" aria-label="Selected flows">
          <Group gap="xs" justify="space-between">
            <Text size="sm" fw={500}>
              {flows.length} selected
            </Text>
            <Group gap="xs">
              {(['run', 'pause', 'resume'] as const).map((action) => (
                <PermittedButton
                  key={action}
                  permission={may[action]}
                  size="xs"
                  variant="default"
                  loading={pendingAction === action}
                  disabled={bulk.isPending && pendingAction !== action}
                  onClick={() => {
                    start(action);
                  }}
                >
                  {LABELS[action]}
                </PermittedButton>
              ))}
              <PermittedButton
                permission={may.delete}
                size="xs"
                color="red"
                variant="light"
                disabled={bulk.isPending}
                onPointerEnter={wantDelete}
                onFocus={wantDelete}
                onClick={() => {
                  setDeleteWanted(true);
                  confirmDelete.open();
                }}
              >
                {LABELS.delete}
              </PermittedButton>
              <Button size="xs" variant="subtle" disabled={bulk.isPending} onClick={onClear}>
                Clear selection
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      {/* Fetched when Delete is pointed at or pressed; drawn from then on, so it can close as it opened. */}
      {deleteWanted && (
        <Suspense fallback={null}>
          <FlowsDeleteDialog
            opened={confirmingDelete}
            flows={flows}
            pending={pendingAction === 'delete'}
            onConfirm={() => {
              start('delete');
            }}
            onClose={confirmDelete.close}
          />
        </Suspense>
      )}
    </>
  );
});

function BulkSummary({ action, outcomes, onClose }: { action: BulkFlowAction; outcomes: readonly BulkOutcome[]; onClose: () => void }) {
  const failed = outcomes.filter((outcome) => outcome.result === 'failed').length;
  return (
    <Alert
      color={failed === 0 ? 'green' : failed === outcomes.length ? 'red' : 'yellow'}
      variant="light"
      title={outcomeTitle(action, outcomes)}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="status"
      mb="xs"
    >
      <List size="sm" spacing={2}>
        {outcomes.map((outcome) => (
          <List.Item key={outcome.flow.id} c={outcome.result === 'failed' ? 'red.9' : undefined}>
            {outcomeLine(action, outcome)}
          </List.Item>
        ))}
      </List>
      {failed > 0 && (
        <Text size="sm" mt="xs">
          The {failed === 1 ? 'flow that failed stays' : 'flows that failed stay'} selected, to try again.
        </Text>
      )}
    </Alert>
  );
}
