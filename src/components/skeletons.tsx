import { Group, Skeleton, Stack } from '@mantine/core';
import type { PageIntro } from '@/lib/page-intros';
import { PageHeader } from './page-header';

// First loads show the shape of what is coming rather than a spinner, so the page does not jump when it
// arrives. Each says what it waits for to screen readers (role="status" with a name).

/** A few lines of a section: a card's body, a tab, a list. */
export function BlockSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={18} width={index === rows - 1 ? '60%' : '100%'} radius="sm" />
      ))}
    </Stack>
  );
}

/** A word-sized placeholder: a list row's status, a count. */
export function InlineSkeleton({ label, width = 90 }: { label: string; width?: number }) {
  return <Skeleton height={20} width={width} radius="xl" role="status" aria-label={label} aria-busy="true" display="inline-block" />;
}

/**
 * A page on its way: its title, a line of description, and a list. A section's list page shows its own heading
 * (page-intros.ts) instead of their placeholders, as the real page will.
 */
export function PageSkeleton({ intro }: { intro?: PageIntro | undefined }) {
  return (
    <>
      {intro && <PageHeader title={intro.title} description={intro.description ?? <Skeleton height={14} width="65%" radius="sm" mt={4} />} />}
      <Stack gap="md" role="status" aria-label="Loading" aria-busy="true">
        {!intro && (
          <Group justify="space-between">
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={30} width="40%" radius="sm" />
              <Skeleton height={14} width="65%" radius="sm" />
            </Stack>
            <Skeleton height={36} width={110} radius="md" />
          </Group>
        )}
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={44} radius="sm" />
        ))}
      </Stack>
    </>
  );
}
