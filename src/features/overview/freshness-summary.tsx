import { Card, Group, Text } from '@mantine/core';
import type { Flow } from '@/api/flows';
import type { Workflow } from '@/api/workflows';
import { AnchorLink } from '@/components/anchor-link';
import { InlineSkeleton } from '@/components/skeletons';
import { formatCount } from '@/lib/format';

const WORRYING = ['late', 'failing'] as const;

const countOf = (items: readonly { freshness: string | null }[], state: string) => items.filter((item) => item.freshness === state).length;

/**
 * "3 late, 1 failing" for the flows (each a link to the flows list filtered so) and the workflows: what
 * a morning look needs first. Nothing when the service does not report freshness (the hosted one).
 */
export function FreshnessSummary({
  flows,
  workflows,
  loading = false,
}: {
  flows: readonly Flow[] | undefined;
  workflows: readonly Workflow[] | undefined;
  /** While the lists load its place is kept, so the timeline under it does not move when it appears. */
  loading?: boolean;
}) {
  // A plain box, not yet the "Freshness" region: that is named once it says something.
  if (loading)
    return (
      <Card withBorder padding="md" mb="lg">
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>Freshness:</Text>
          <InlineSkeleton label="Loading freshness" width={180} />
        </Group>
      </Card>
    );
  const flowList = flows ?? [];
  const workflowList = workflows ?? [];
  if (![...flowList, ...workflowList].some((item) => item.freshness !== null)) return null;
  const flowCounts = WORRYING.map((state) => ({ state, count: countOf(flowList, state) })).filter(({ count }) => count > 0);
  const workflowCounts = WORRYING.map((state) => ({ state, count: countOf(workflowList, state) })).filter(({ count }) => count > 0);
  const allWell = flowCounts.length === 0 && workflowCounts.length === 0;
  return (
    <Card withBorder padding="md" mb="lg" component="section" aria-label="Freshness">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>Freshness:</Text>
        {allWell && <Text c="dimmed">nothing late or failing.</Text>}
        {flowCounts.length > 0 && (
          <Text>
            Flows{' '}
            {flowCounts.map(({ state, count }, index) => (
              <span key={state}>
                {index > 0 && ', '}
                <AnchorLink to="/flows" search={{ freshness: state }} c={state === 'failing' ? 'red' : 'orange'} fw={600}>
                  {formatCount(count)} {state}
                </AnchorLink>
              </span>
            ))}
          </Text>
        )}
        {workflowCounts.length > 0 && (
          <Text>
            {flowCounts.length > 0 && '· '}Workflows{' '}
            <AnchorLink to="/workflows" fw={600} c="orange">
              {workflowCounts.map(({ state, count }) => `${formatCount(count)} ${state}`).join(', ')}
            </AnchorLink>
          </Text>
        )}
      </Group>
    </Card>
  );
}
