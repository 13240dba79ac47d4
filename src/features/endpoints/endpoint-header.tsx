import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { PermittedButton } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import type { UseMutationResult } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageBreadcrumbs } from '@/components/breadcrumbs';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { SpecSummary } from '@/components/spec-summary';
import { endpointFallbackName } from '@/lib/endpoint-names';
import { useUsedBy } from '@/resources/endpoints';
import { EndpointDeleteDialog } from './endpoint-delete-dialog';
import type { Endpoint, EndpointChanges, EndpointKind } from './endpoint-kind';

/** A rename is the save of a source or destination with only its name. */
type Rename<T> = UseMutationResult<T, Error, EndpointChanges>;

/** The name as a heading, or as a field while it is being renamed: Enter saves, Escape leaves it as it was. */
function RenameField<T>({ current, rename, onSaved, onCancel }: { current: string; rename: Rename<T>; onSaved: () => void; onCancel: () => void }) {
  const [name, setName] = useState(current);
  const [blank, setBlank] = useState(false);
  const save = () => {
    const trimmed = name.trim();
    setBlank(trimmed === '');
    if (trimmed === '') return;
    if (trimmed === current) {
      onCancel();
      return;
    }
    rename.mutate({ displayName: trimmed }, { onSuccess: onSaved });
  };
  return (
    <Stack gap="xs" mb="lg" maw={560}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput
            label="New name"
            value={name}
            data-autofocus
            autoFocus
            error={blank ? 'Name is required.' : undefined}
            onChange={(event) => {
              setName(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') onCancel();
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" loading={rename.isPending}>
            Save name
          </Button>
          <Button variant="default" onClick={onCancel} disabled={rename.isPending}>
            Cancel
          </Button>
        </Group>
      </form>
      {rename.isError && <ErrorState error={rename.error} />}
    </Stack>
  );
}

/**
 * The top of a source's or destination's page: its name with Rename, Delete (refused while flows use it;
 * done, back to the list), and what its spec is.
 */
export function EndpointHeader<T extends Endpoint, C>({ kind, endpoint }: { kind: EndpointKind<T, C>; endpoint: T }) {
  const { noun } = kind;
  const navigate = useNavigate();
  const rename = kind.useUpdate(endpoint.id);
  const remove = kind.useDelete({ onDeleted: () => void navigate({ to: kind.listPage }) });
  const flowsByEndpoint = useUsedBy(noun);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = endpoint.displayName || endpointFallbackName(noun, endpoint.id);
  const may = {
    rename: usePermission(kind.operations.update),
    remove: usePermission(kind.operations.remove),
  };
  return (
    <>
      {renaming ? (
        <>
          <PageBreadcrumbs section={`${noun}s`} current={name} />
          <RenameField
            current={endpoint.displayName}
            rename={rename}
            onSaved={() => {
              setRenaming(false);
            }}
            onCancel={() => {
              rename.reset();
              setRenaming(false);
            }}
          />
        </>
      ) : (
        <PageHeader
          section={`${noun}s`}
          title={name}
          description={endpointFallbackName(noun, endpoint.id)}
          actions={
            <Group gap="xs">
              <PermittedButton
                permission={may.rename}
                variant="default"
                onClick={() => {
                  rename.reset();
                  setRenaming(true);
                }}
              >
                Rename
              </PermittedButton>
              <PermittedButton
                permission={may.remove}
                variant="light"
                color="red"
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                Delete
              </PermittedButton>
            </Group>
          }
        />
      )}
      {rename.isSuccess && !renaming && (
        <Alert color="teal" variant="light" role="status" mb="md" withCloseButton onClose={rename.reset}>
          Renamed.
        </Alert>
      )}
      <EndpointDeleteDialog
        noun={noun}
        endpoint={deleting ? { id: endpoint.id, name } : null}
        usedBy={flowsByEndpoint && (flowsByEndpoint.get(endpoint.id) ?? [])}
        remove={remove}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
      <Paper withBorder p="md" mb="lg">
        <SpecSummary spec={kind.specOf(endpoint)} />
      </Paper>
    </>
  );
}
