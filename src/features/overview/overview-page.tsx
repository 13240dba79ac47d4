import { Anchor, Card, Loader, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { PlaceholderSection } from '@/components/placeholder-section';
import { flowQueries } from '@/lib/queries/flow-queries';
import { workflowQueries } from '@/lib/queries/workflow-queries';

/** Each count fails on its own, so a plan without workflows still shows its flows. */
function CountCard({ label, to, query }: { label: string; to: '/flows' | '/workflows'; query: { data?: unknown[]; error: unknown; isPending: boolean } }) {
  return (
    <Card withBorder padding="lg">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      {query.isPending ? (
        <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} />
      ) : query.error ? (
        <ErrorState error={query.error} />
      ) : (
        <Anchor component={Link} to={to} fz={32} fw={700}>
          {query.data?.length ?? 0}
        </Anchor>
      )}
    </Card>
  );
}

export function OverviewPage() {
  const flows = useQuery(flowQueries.list());
  const workflows = useQuery(workflowQueries.list());
  return (
    <>
      <PageHeader title="Overview" description="Your pipelines at a glance." />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
        <CountCard label="Flows" to="/flows" query={flows} />
        <CountCard label="Workflows" to="/workflows" query={workflows} />
      </SimpleGrid>
      <PlaceholderSection>What is running now, live, and the latest failures come with the live monitoring work.</PlaceholderSection>
    </>
  );
}
