import { Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isIncremental } from '@/api/tables';
import { ErrorState } from '@/components/error-state';
import type { ResourceFacts } from '@/service-rules/flow-tables';
import { useSaveResourceMode } from '@/resources/flow-state';
import { saveRefusal } from '../save-refusals';
import { MODE_WORDS, modeLine } from './mode-words';
import { draftInput, draftProblems, type ModeChoice, type ModeDraft } from './table-choices';

interface TableModeEditorProps {
  flowId: number;
  resource: string;
  initial: ModeDraft;
  facts: ResourceFacts | null;
  choices: readonly ModeChoice[];
  onDone: () => void;
}

/**
 * A resource's mode, cursor field and primary key, edited where the table is listed. The mode menu says
 * what each mode does and shows the ones the source or destination cannot honour disabled, with the reason;
 * the cursor picker offers the columns that can serve as one, the key picker the table's columns.
 */
export function TableModeEditor({ flowId, resource, initial, facts, choices, onDone }: TableModeEditorProps) {
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const save = useSaveResourceMode(flowId);
  const problems = draftProblems(draft, facts);
  const unavailable = new Map(choices.map((choice) => [choice.mode, choice.unavailable]));
  const columns = facts?.columns.map((column) => ({ value: column.name, label: `${column.name} (${column.type})` })) ?? [];
  const ownKey = facts?.primaryKey ?? null;
  // The service's refusal, each sentence beside the field it is about; what none owns shows below.
  const refusal = saveRefusal(save.error, ['syncMode', 'cursorField', 'primaryKey']);
  const refused = refusal?.fields ?? {};
  const shownBelow = refusal ? refusal.rest : save.error;
  const cursorShown = isIncremental(draft.syncMode);
  const keyShown = draft.syncMode === 'incremental_deduped';
  // A refusal about a picker the chosen mode hides is said beside the mode.
  const modeRefusals = [refused.syncMode, cursorShown ? undefined : refused.cursorField, keyShown ? undefined : refused.primaryKey].filter(
    (text) => text !== undefined,
  );

  const submit = () => {
    setTried(true);
    if (Object.keys(problems).length > 0) return;
    save.mutate(draftInput(resource, draft), { onSuccess: onDone });
  };

  return (
    <Stack
      gap="sm"
      maw={560}
      component="form"
      aria-label={`How ${resource} is kept`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Select
        label="Mode"
        description={modeLine(draft.syncMode)}
        data={choices.map(({ mode }) => ({ value: mode, label: MODE_WORDS[mode].name, disabled: unavailable.get(mode) !== null }))}
        value={draft.syncMode}
        error={modeRefusals.length > 0 ? modeRefusals.join(' ') : undefined}
        allowDeselect={false}
        onChange={(value) => {
          if (value) setDraft((previous) => ({ ...previous, syncMode: value }));
        }}
        renderOption={({ option }) => {
          const mode = option.value;
          const why = unavailable.get(mode) ?? null;
          return (
            <Stack gap={0}>
              <Text size="sm">
                {MODE_WORDS[mode].name}{' '}
                <Text span size="xs" c="dimmed" ff="monospace">
                  {mode}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                {why ? `Not available: ${why}` : MODE_WORDS[mode].line}
              </Text>
            </Stack>
          );
        }}
        comboboxProps={{ withinPortal: true }}
      />
      {cursorShown && (
        <Select
          label="Cursor field"
          description="The column whose greater values mark new or changed rows: numbers, dates and times only."
          placeholder={facts ? 'Choose a column' : 'Columns not discovered yet'}
          data={facts?.cursorCandidates ?? []}
          value={draft.cursorField}
          onChange={(value) => {
            setDraft((previous) => ({ ...previous, cursorField: value }));
          }}
          error={(tried ? problems.cursorField : undefined) ?? refused.cursorField}
          nothingFoundMessage="No column can serve as a cursor"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {keyShown && (
        <MultiSelect
          label="Primary key"
          description={
            ownKey ? `The columns that identify a row. Leave empty to use the table’s own key (${ownKey.join(', ')}).` : 'The columns that identify a row.'
          }
          placeholder={ownKey ? `Its own: ${ownKey.join(', ')}` : 'Choose columns'}
          data={columns}
          value={draft.primaryKey ?? []}
          onChange={(value) => {
            setDraft((previous) => ({ ...previous, primaryKey: value.length > 0 ? value : null }));
          }}
          error={(tried ? problems.primaryKey : undefined) ?? refused.primaryKey}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {shownBelow ? <ErrorState error={shownBelow} /> : null}
      <Group gap="xs">
        <Button type="submit" size="xs" loading={save.isPending}>
          Save
        </Button>
        <Button variant="default" size="xs" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
