import { Button, Code, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { splitCancelNote } from '@/lib/run-status';

/** Enough to read at once; the rest behind a click, so a run with thousands of errors cannot freeze the page. */
const FIRST_SHOWN = 20;

/** Every error in full (never cut mid-message), wrapped, scrollable when long. */
export function RunErrors({ errors, compact = false }: { errors: readonly string[]; compact?: boolean }) {
  const [showAll, setShowAll] = useState(false);
  if (errors.length === 0) return null;
  const shown = showAll ? errors : errors.slice(0, FIRST_SHOWN);
  return (
    <Stack gap={4}>
      {!compact && (
        <Text size="sm" fw={600} c="red">
          {errors.length === 1 ? '1 error' : `${String(errors.length)} errors`}
        </Text>
      )}
      <List spacing={4} size="sm" listStyleType="none" aria-label="Errors">
        {shown.map((error, index) => (
          <List.Item key={`${String(index)}-${error.slice(0, 40)}`}>
            {/* A long error scrolls within its block: focusable, so a keyboard can scroll it too. */}
            <Code block c="red" tabIndex={0} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 240, overflow: 'auto' }}>
              {error}
            </Code>
          </List.Item>
        ))}
      </List>
      {errors.length > FIRST_SHOWN && (
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          onClick={() => {
            setShowAll((value) => !value);
          }}
        >
          {showAll ? 'Show fewer' : `Show all ${String(errors.length)} errors`}
        </Button>
      )}
    </Stack>
  );
}

/** A run's errors, where a cancel by the user is a grey note in the service's words rather than an error. */
export function RunOutcomeErrors({ errors }: { errors: readonly string[] }) {
  const { cancelNote, errors: rest } = splitCancelNote(errors);
  return (
    <>
      {cancelNote && (
        <Text size="sm" c="dimmed">
          {cancelNote}
        </Text>
      )}
      <RunErrors errors={rest} />
    </>
  );
}
