import { createFileRoute } from '@tanstack/react-router';
import { SourcePage } from '@/features/sources/sources-pages';
import { parseIdParam } from '@/lib/route-params';

export const Route = createFileRoute('/_app/sources/$sourceId')({
  loader: ({ params }) => ({ sourceId: parseIdParam(params.sourceId) }),
  component: function SourceRoute() {
    const { sourceId } = Route.useLoaderData();
    return <SourcePage sourceId={sourceId} />;
  },
});
