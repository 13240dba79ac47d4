import { createFileRoute } from '@tanstack/react-router';
import { NewSourcePage } from '@/features/sources/sources-pages';

export const Route = createFileRoute('/_app/sources/new')({
  component: NewSourcePage,
});
