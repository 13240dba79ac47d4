import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { Flow } from '@/api/flows';
import type { UpdateSourceInput } from '@/api/sources';
import { PageBreadcrumbs } from './breadcrumbs';
import { EndpointDeleteDialog } from './endpoint-delete-dialog';
import { type EndpointNoun, endpointFallbackName } from './endpoint-noun';
import { ErrorState } from './error-state';
import { PageHeader } from './page-header';

/** A rename is the save of a source or destination with only its name (their update bodies are alike). */
type Rename<T> = UseMutationResult<T, Error, UpdateSourceInput>;

interface EndpointHeaderProps<T> {
  noun: EndpointNoun;
  endpoint: { id: number; displayName: string };
  rename: Rename<T>;
  remove: UseMutationResult<true, Error, number>;
  usedBy: readonly Flow[] | undefined;
}

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

/** A source's or destination's page header: its name with Rename, and Delete (refused while flows use it). */
export function EndpointHeader<T>({ noun, endpoint, rename, remove, usedBy }: EndpointHeaderProps<T>) {
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = endpoint.displayName || endpointFallbackName(noun, endpoint.id);
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
              <Button
                variant="default"
                onClick={() => {
                  rename.reset();
                  setRenaming(true);
                }}
              >
                Rename
              </Button>
              <Button
                variant="light"
                color="red"
                onClick={() => {
                  remove.reset();
                  setDeleting(true);
                }}
              >
                Delete
              </Button>
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
        usedBy={usedBy}
        remove={remove}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
      />
    </>
  );
}
