import { Container } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { PlaceholderSection } from '@/components/placeholder-section';

/** Public page for someone without an account who received a configuration card link. */
export function CardRecipientPage() {
  return (
    <Container size="sm" py="xl" component="main">
      <PageHeader title="Configuration card" />
      <PlaceholderSection>Filling in a source's credentials from a shared link comes with the sources and destinations work.</PlaceholderSection>
    </Container>
  );
}
