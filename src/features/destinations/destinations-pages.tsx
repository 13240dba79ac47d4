import { PageHeader } from '@/components/page-header';
import { PlaceholderSection } from '@/components/placeholder-section';

export function DestinationsPage() {
  return (
    <>
      <PageHeader title="Destinations" description="The stores your data is loaded into." />
      <PlaceholderSection>The destination list and spec gallery come with the sources and destinations work.</PlaceholderSection>
    </>
  );
}

export function NewDestinationPage() {
  return (
    <>
      <PageHeader title="New destination" />
      <PlaceholderSection>Creating a destination from its spec comes with the sources and destinations work.</PlaceholderSection>
    </>
  );
}

export function DestinationPage({ destinationId }: { destinationId: number }) {
  return (
    <>
      <PageHeader title={`Destination ${String(destinationId)}`} />
      <PlaceholderSection>Editing and verifying this destination come with the sources and destinations work.</PlaceholderSection>
    </>
  );
}
