import { Button, Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@/api/audit';
import { ACTION_VERBS, actorWords, RESOURCE_NOUNS } from '@/lib/audit-words';
import { usePermission } from '@/resources/identity';
import { teamQueries } from '@/resources/team';
import type { AuditSearch } from './audit-search';

type Option = { value: string; label: string };

/** Who to choose from: people and keys where the role may list them (admins), and everyone already in the entries shown. */
function useActorOptions(entries: readonly AuditEntry[]): Option[] {
  const mayList = usePermission('listUsers').allowed;
  const users = useQuery({ ...teamQueries.users(), enabled: mayList }).data ?? [];
  const keys = useQuery({ ...teamQueries.keys(), enabled: mayList }).data ?? [];
  const options = new Map<string, string>();
  for (const user of users) options.set(`user:${String(user.id)}`, user.name);
  for (const key of keys) options.set(`key:${String(key.id)}`, actorWords({ type: 'key', id: String(key.id), name: key.name }));
  for (const { actor } of entries) {
    if ((actor.type === 'user' || actor.type === 'key') && actor.id !== null) {
      const value = `${actor.type}:${actor.id}`;
      if (!options.has(value)) options.set(value, actorWords(actor));
    }
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

const ACTION_OPTIONS: Option[] = Object.entries(ACTION_VERBS).map(([value, verb]) => ({ value, label: `${value} (${verb})` }));
const TYPE_OPTIONS: Option[] = Object.entries(RESOURCE_NOUNS).map(([value, label]) => ({ value, label }));

/** The filters: each change writes the URL, which the page reads. */
export function AuditFilters({ search, entries, onChange }: { search: AuditSearch; entries: readonly AuditEntry[]; onChange: (next: AuditSearch) => void }) {
  const actors = useActorOptions(entries);
  const set = (field: keyof AuditSearch) => (raw: string | null) => {
    const value = raw === '' ? null : raw;
    onChange({ ...search, [field]: value ?? undefined });
  };
  const any = Object.values(search).some(Boolean);
  return (
    <Group align="flex-end" gap="sm" mb="md" wrap="wrap">
      <Select label="Who" placeholder="Anyone" data={actors} value={search.actor ?? null} onChange={set('actor')} clearable searchable w={200} />
      <Select label="What" placeholder="Any action" data={ACTION_OPTIONS} value={search.action ?? null} onChange={set('action')} clearable searchable w={220} />
      <Select
        label="Object"
        placeholder="Any kind"
        data={TYPE_OPTIONS}
        value={search.resourceType ?? null}
        onChange={(value) => {
          onChange({ ...search, resourceType: value ?? undefined, resourceId: value ? search.resourceId : undefined });
        }}
        clearable
        w={160}
      />
      <TextInput
        label="Object id"
        placeholder="Any"
        value={search.resourceId ?? ''}
        disabled={!search.resourceType}
        onChange={(event) => {
          set('resourceId')(event.currentTarget.value.trim());
        }}
        w={100}
      />
      <TextInput
        label="From"
        type="date"
        value={search.from ?? ''}
        onChange={(event) => {
          set('from')(event.currentTarget.value);
        }}
        w={160}
      />
      <TextInput
        label="To"
        type="date"
        value={search.to ?? ''}
        onChange={(event) => {
          set('to')(event.currentTarget.value);
        }}
        w={160}
      />
      {any && (
        <Button
          variant="subtle"
          onClick={() => {
            onChange({});
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
