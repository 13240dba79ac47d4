import { List, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Flow } from '@/api/flows';
import { AnchorLink } from '@/components/anchor-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { withNotFoundMeaning } from '@/components/error-state';
import type { EndpointNoun } from '@/lib/endpoint-names';

interface EndpointDeleteDialogProps {
  noun: EndpointNoun;
  endpoint: { id: number; name: string } | null;
  /** The flows that use it, as the flows list says; undefined while unknown. */
  usedBy: readonly Flow[] | undefined;
  remove: UseMutationResult<true, Error, number>;
  onClose: () => void;
}

/** The flows in the way, each linked, so the user can go and change them. */
function FlowsInTheWay({ noun, name, flows }: { noun: EndpointNoun; name: string; flows: readonly Flow[] }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        “{name}” is used by {flows.length === 1 ? 'a flow' : `${String(flows.length)} flows`}. Delete {flows.length === 1 ? 'it' : 'them'} or point{' '}
        {flows.length === 1 ? 'it' : 'them'} at another {noun} first.
      </Text>
      <List size="sm" aria-label={`Flows using “${name}”`}>
        {flows.map((flow) => (
          <List.Item key={flow.id}>
            <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }}>
              {flow.displayName || `Flow ${String(flow.id)}`}
            </AnchorLink>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * Delete a source or destination: refused, naming the flows, while flows use it (as the flows list says,
 * or as the service answers when that list was behind); otherwise it asks first.
 */
export function EndpointDeleteDialog({ noun, endpoint, usedBy, remove, onClose }: EndpointDeleteDialogProps) {
  const name = endpoint?.name ?? '';
  const inTheWay = usedBy && usedBy.length > 0 ? usedBy : null;
  const error = withNotFoundMeaning(remove.error, `The service answered “not found”: the ${noun} is gone already, or this service cannot delete ${noun}s.`);
  return (
    <ConfirmDialog
      opened={endpoint !== null}
      title={inTheWay ? `“${name}” cannot be deleted` : `Delete the ${noun} “${name}”?`}
      confirmLabel={`Delete ${noun}`}
      pending={remove.isPending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        if (endpoint && !remove.isPending) remove.mutate(endpoint.id, { onSuccess: onClose });
      }}
      refusal={inTheWay && <FlowsInTheWay noun={noun} name={name} flows={inTheWay} />}
    >
      <Text size="sm">
        No flow uses “{name}”.{noun === 'source' ? ' Its configuration card links stop working.' : ''} This cannot be undone.
      </Text>
    </ConfirmDialog>
  );
}
