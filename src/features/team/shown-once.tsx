import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { CopyButton } from '@/components/copy-button';
import { DateTime } from '@/components/date-time';

/**
 * A secret shown this once (an invitation or reset link, a new API key): the service keeps only its hash, so
 * whoever made it copies it now. It stays until closed.
 */
export function ShownOnce({
  title,
  value,
  what,
  expiresAt,
  onClose,
}: {
  title: string;
  value: string;
  /** What is copied, for screen readers: "invitation link", "API key". */
  what: string;
  expiresAt: string | null;
  onClose: () => void;
}) {
  return (
    <Alert color="teal" variant="light" title={title} withCloseButton closeButtonLabel="Done: hide it" onClose={onClose} mb="md" role="status">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Copy it now: it is shown only this once and cannot be read again.
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code block style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label={what}>
            {value}
          </Code>
          <CopyButton value={value} label="Copy" description={`Copy the ${what}`} />
        </Group>
        {expiresAt && (
          <Text size="xs" c="dimmed">
            Works until <DateTime value={expiresAt} precision="minutes" />.
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
