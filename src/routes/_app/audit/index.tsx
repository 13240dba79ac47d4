import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '@/features/audit/audit-page';
import { auditSearchSchema, filtersOf } from '@/features/audit/audit-search';
import { auditQueries } from '@/resources/audit';

export const Route = createFileRoute('/_app/audit/')({
  validateSearch: auditSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.infiniteQuery({ ...auditQueries.pages(filtersOf(deps)), staleTime: 'static' }),
  component: AuditPage,
});
