import { PageHeader } from '@/components/page-header';
import { PlaceholderSection } from '@/components/placeholder-section';

export function SourcesPage() {
  return (
    <>
      <PageHeader title="Sources" description="Connections to the systems your data comes from." />
      <PlaceholderSection>The source list, specs and configuration forms come with the sources and destinations work.</PlaceholderSection>
    </>
  );
}

export function NewSourcePage() {
  return (
    <>
      <PageHeader title="New source" />
      <PlaceholderSection>Creating a source from its spec comes with the sources and destinations work.</PlaceholderSection>
    </>
  );
}

export function SourcePage({ sourceId }: { sourceId: number }) {
  return (
    <>
      <PageHeader title={`Source ${String(sourceId)}`} />
      <PlaceholderSection>Configuration, resolvers, configuration cards and flows of this source come with the sources and destinations work.</PlaceholderSection>
    </>
  );
}
