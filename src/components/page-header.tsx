import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageBreadcrumbs, type Section } from './breadcrumbs';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** A page inside a section (a detail or a new-item page) shows its breadcrumbs. */
  section?: Section;
}

export function PageHeader({ title, description, actions, section }: PageHeaderProps) {
  return (
    <Stack gap={0} mb="lg">
      {section && <PageBreadcrumbs section={section} current={title} />}
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" component="div">
              {description}
            </Text>
          )}
        </Stack>
        {actions}
      </Group>
    </Stack>
  );
}
