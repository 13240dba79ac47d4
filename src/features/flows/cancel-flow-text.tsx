import { List, Stack, Text } from '@mantine/core';
import type { RunAttempt } from '@/api/flows';
import { formatCount } from '@/lib/format';
import { isRunActive } from '@/lib/run-status';

/** A list of names in words: `orders`, `orders and items`, `orders, items and customers`. */
function names(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** What a cancel of this running attempt keeps, rolls back and leaves alone, table by table. */
export function cancelOutcome(attempt: RunAttempt) {
  const committed = attempt.resources.filter((resource) => resource.committed);
  const open = attempt.resources.filter((resource) => !resource.committed);
  const inHand = open.find((resource) => resource.extracted > 0 || resource.written > 0) ?? null;
  const notStarted = open.filter((resource) => resource !== inHand);
  return { committed: committed.map((resource) => resource.name), inHand, notStarted: notStarted.map((resource) => resource.name) };
}

/**
 * The cancel confirmation of a flow: exactly what stays in the destination (the tables already committed) and
 * what is rolled back (the table in hand, whose previous content stays whole), from the running attempt.
 */
export function CancelFlowText({ attempt }: { attempt: RunAttempt | null }) {
  const lead = <Text size="sm">The run stops where it is and shows as Cancelled.</Text>;
  if (!attempt || !isRunActive(attempt) || attempt.resources.length === 0) {
    return (
      <Stack gap="xs">
        {lead}
        <Text size="sm">Tables already committed stay in the destination; the table being loaded is rolled back, and its previous content stays whole.</Text>
      </Stack>
    );
  }
  if (attempt.waitingFor) {
    return (
      <Stack gap="xs">
        {lead}
        <Text size="sm">It is still waiting for its turn and has written nothing: every table stays as it is.</Text>
      </Stack>
    );
  }
  const { committed, inHand, notStarted } = cancelOutcome(attempt);
  return (
    <Stack gap="xs">
      {lead}
      <List size="sm" spacing={4}>
        <List.Item>
          {committed.length > 0
            ? `Kept: ${names(committed)}, already committed: ${committed.length === 1 ? 'its table stays' : 'their tables stay'} as this run loaded ${committed.length === 1 ? 'it' : 'them'}.`
            : 'Kept: nothing this run wrote; no table has committed yet.'}
        </List.Item>
        {inHand && (
          <List.Item>
            {`Rolled back: ${inHand.name} (${formatCount(inHand.written)} rows written so far). Its table keeps its previous content, whole.`}
          </List.Item>
        )}
        {notStarted.length > 0 && (
          <List.Item>{`Not loaded: ${names(notStarted)}, not started yet: left as ${notStarted.length === 1 ? 'it is' : 'they are'}.`}</List.Item>
        )}
      </List>
    </Stack>
  );
}
