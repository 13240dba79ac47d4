import { Alert, Fieldset, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, useWatch } from 'react-hook-form';
import type { Flow } from '@/api/flows';
import { defaultNamespace, effectiveNamespace, newFlowNamespace, qualifiedTable, reservedNamespaces, targetTable } from '@/service-rules/flow-tables';
import { runSelection } from '@/service-rules/resolver-choice';
import { destinationQueries } from '@/resources/destinations';
import { flowQueries } from '@/resources/flows';
import { sourceQueries } from '@/resources/sources';
import type { NewFlowFormValues } from './new-flow-schema';

// Where a flow's tables go in its destination (a namespace, a prefix) and what happens when a table's columns
// change: part of the new-flow and edit-flow forms. Each default is shown as it will act, worked out by the
// service's own rules (src/service-rules/flow-tables.ts).

const idOf = (text: string) => (/^[1-9]\d*$/.test(text) ? Number(text) : null);

/** What an empty namespace field means: a new flow's own namespace named from it, or (an existing flow) its destination's default. */
function useEmptyNamespace(editing: Flow | null, displayName: string, destinationId: number | null): string | null {
  const destination = useQuery({ ...destinationQueries.detail(destinationId ?? 0), enabled: destinationId !== null }).data;
  const flows = useQuery(flowQueries.list()).data;
  if (!destination) return null;
  const spec = destination.destinationSpec.name;
  if (editing) return defaultNamespace(spec, destination.properties);
  if (displayName.trim() === '') return null;
  const taken = (flows ?? [])
    .filter((flow) => flow.destination === destinationId)
    .map((flow) => effectiveNamespace(flow.namespace, spec, destination.properties));
  return newFlowNamespace(displayName.trim(), [...taken, ...reservedNamespaces(spec, destination.properties)]);
}

/** The resources the flow would load: the edited flow's own, or its source's resolvers turned on. */
function useResourceNames(editing: Flow | null, sourceId: number | null): string[] {
  const ownSource = editing?.source === sourceId;
  const resolvers = useQuery({ ...sourceQueries.resolvers(sourceId ?? 0), enabled: sourceId !== null && !ownSource }).data;
  if (editing && ownSource) return editing.resources.map((resource) => resource.name);
  if (!resolvers) return [];
  const selection = runSelection(resolvers.resolvers);
  return resolvers.resolvers.filter((resolver) => resolver.category !== 'column' && selection.loads(resolver.name)).map((resolver) => resolver.name);
}

function tablesText(namespace: string, prefix: string, resources: readonly string[]): string {
  const shown = resources.slice(0, 3).map((resource) => qualifiedTable(namespace, targetTable(prefix, resource)));
  const more = resources.length > 3 ? ` and ${String(resources.length - 3)} more` : '';
  return `${shown.join(', ')}${more}`;
}

interface FlowTableFieldsProps {
  control: Control<NewFlowFormValues>;
  editing: Flow | null;
  /** The service's refusal of the last save about the namespace (a table another flow writes), shown beside it. */
  namespaceRefusal: string | null;
}

export function FlowTableFields({ control, editing, namespaceRefusal }: FlowTableFieldsProps) {
  const [displayName, source, destination, namespace, tablePrefix] = useWatch({
    control,
    name: ['displayName', 'source', 'destination', 'namespace', 'tablePrefix'],
  });
  const emptyMeans = useEmptyNamespace(editing, displayName, idOf(destination));
  const resources = useResourceNames(editing, idOf(source));
  const acting = namespace.trim() === '' ? emptyMeans : namespace.trim();
  const prefixValid = /^[A-Za-z0-9_]{0,40}$/.test(tablePrefix.trim());
  const moved = editing !== null && ((namespace.trim() || null) !== editing.namespace || tablePrefix.trim() !== editing.tablePrefix);
  const landing = acting !== null && prefixValid && resources.length > 0 ? tablesText(acting, tablePrefix.trim(), resources) : null;

  const emptyText =
    emptyMeans === null
      ? editing
        ? 'Empty: the destination’s default.'
        : 'Empty: a namespace of its own, named from the flow’s name.'
      : editing
        ? emptyMeans === ''
          ? 'Empty: the destination’s folder itself.'
          : `Empty: the destination’s default, ${emptyMeans}.`
        : `Empty: ${emptyMeans}, named from the flow’s name.`;

  return (
    <Fieldset
      variant="unstyled"
      p={0}
      legend={
        <Text fw={600} size="md">
          Tables in the destination
        </Text>
      }
    >
      <Stack gap="sm">
        <Controller
          control={control}
          name="namespace"
          render={({ field, fieldState }) => (
            <TextInput
              label="Namespace"
              description={`The schema the flow’s tables go in (a folder for a files destination). ${emptyText}`}
              placeholder={emptyMeans === null || emptyMeans === '' ? undefined : emptyMeans}
              autoComplete="off"
              {...field}
              error={fieldState.error?.message ?? namespaceRefusal}
            />
          )}
        />
        <Controller
          control={control}
          name="tablePrefix"
          render={({ field, fieldState }) => (
            <TextInput
              label="Table prefix"
              description="Put before every table’s name, for example raw_. Empty: none."
              autoComplete="off"
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
        {landing && (
          <Text size="sm" aria-live="polite">
            Tables:{' '}
            <Text span ff="monospace" size="sm">
              {landing}
            </Text>
          </Text>
        )}
        {moved && (
          <Alert color="yellow" variant="light" role="note">
            Its next run writes into these new tables. The tables it wrote so far stay where they are, and other flows may then use them.
          </Alert>
        )}
        <Controller
          control={control}
          name="schemaChanges"
          render={({ field }) => (
            <Radio.Group label="When a table’s columns change" value={field.value} onChange={field.onChange}>
              <Stack gap="xs" mt={6}>
                <Radio
                  value="propagate"
                  label="Follow them"
                  description="New columns are added, types widen, removed columns stay and are left empty in new rows."
                />
                <Radio
                  value="pause"
                  label="Pause the flow"
                  description="The run fails before loading anything and lists the change; the flow pauses until you resume it, and the Schema changed alert fires."
                />
              </Stack>
            </Radio.Group>
          )}
        />
      </Stack>
    </Fieldset>
  );
}
