import { Alert, Button, Group, Select, Text, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { type EndpointNoun, endpointTitle, newEndpointPage } from '@/lib/endpoint-names';
import type { EndpointChoice } from '@/resources/endpoints';

interface EndpointFieldProps {
  kind: EndpointNoun;
  choices: UseQueryResult<EndpointChoice[]>;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

/** Groups choices under their spec, in the order the service lists them. */
function groupBySpec(choices: EndpointChoice[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const choice of choices) {
    const items = groups.get(choice.spec) ?? [];
    items.push({ value: String(choice.id), label: choice.name });
    groups.set(choice.spec, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * A searchable pick of the user's sources or destinations. Listing them is Flowdeck's addition to the
 * interface: where the service cannot list them, the id is typed instead, so a flow can still be made.
 */
export function EndpointField({ kind, choices, value, onChange, onBlur, error }: EndpointFieldProps) {
  const label = endpointTitle(kind);
  const data = useMemo(() => groupBySpec(choices.data ?? []), [choices.data]);

  if (choices.isError) {
    return (
      <div>
        <TextInput
          label={`${label} id`}
          description={`The ${kind}s could not be listed (${choices.error.message}); enter the id of the ${kind} instead.`}
          inputMode="numeric"
          required
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
          }}
          onBlur={onBlur}
          error={error}
        />
        <Button variant="subtle" size="compact-sm" mt={4} onClick={() => void choices.refetch()}>
          Try listing the {kind}s again
        </Button>
      </div>
    );
  }

  if (choices.isSuccess && choices.data.length === 0) {
    return (
      <Alert color="yellow" title={`No ${kind}s yet`} role="note">
        <Group gap={4}>
          <Text size="sm">A flow needs one.</Text>
          <AnchorLink to={newEndpointPage(kind)} size="sm">
            Create a {kind}
          </AnchorLink>
          <Text size="sm">first, then come back.</Text>
        </Group>
      </Alert>
    );
  }

  const known = choices.data?.some((choice) => String(choice.id) === value) ?? false;
  return (
    <Select
      label={label}
      placeholder={choices.isPending ? `Loading ${kind}s…` : `Search your ${kind}s`}
      description={
        value && choices.isSuccess && !known
          ? `${label} ${value} is not in the list any more; choose another.`
          : `Type to search by name; grouped by connector.`
      }
      data={data}
      searchable
      required
      disabled={choices.isPending}
      nothingFoundMessage={`No ${kind} matches`}
      value={known ? value : null}
      onChange={(next) => {
        onChange(next ?? '');
      }}
      onBlur={onBlur}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
