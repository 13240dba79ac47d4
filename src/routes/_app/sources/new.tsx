import { createFileRoute } from '@tanstack/react-router';
import { NewSourcePage } from '@/features/endpoints/sources/new-source-page';

export const Route = createFileRoute('/_app/sources/new')({
  component: NewSourcePage,
});
