import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import type { Permission } from '@/lib/permissions';

/** A page only admins use: anyone else sees its title and why they cannot use it, never an error. */
export function AdminOnly({ title, permission, children }: { title: string; permission: Permission; children: ReactNode }) {
  if (permission.allowed) return children;
  return (
    <>
      <PageHeader title={title} />
      <Alert color="gray" variant="light" title="Only admins use this page" role="note">
        {permission.reason}
      </Alert>
    </>
  );
}
