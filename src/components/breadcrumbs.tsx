import { Breadcrumbs, Text } from '@mantine/core';
import { AnchorLink } from './anchor-link';

/** The list a detail page belongs to: the first crumb, and where "back" goes. */
export const SECTIONS = {
  flows: { label: 'Flows', to: '/flows' },
  workflows: { label: 'Workflows', to: '/workflows' },
  sources: { label: 'Sources', to: '/sources' },
  destinations: { label: 'Destinations', to: '/destinations' },
  alerts: { label: 'Alerts', to: '/alerts' },
} as const;
export type Section = keyof typeof SECTIONS;

/** Overview › Flows › Orders to warehouse: where this page sits, each step a link but the page itself. */
export function PageBreadcrumbs({ section, current }: { section: Section; current: string }) {
  const { label, to } = SECTIONS[section];
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" separatorMargin={6} mb={4} style={{ flexWrap: 'wrap' }}>
        <AnchorLink to="/" size="sm">
          Overview
        </AnchorLink>
        <AnchorLink to={to} size="sm">
          {label}
        </AnchorLink>
        <Text size="sm" c="dimmed" aria-current="page" style={{ overflowWrap: 'anywhere' }}>
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
