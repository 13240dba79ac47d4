import { createFileRoute } from '@tanstack/react-router';
import { NewDestinationPage } from '@/features/destinations/destinations-pages';

export const Route = createFileRoute('/_app/destinations/new')({
  component: NewDestinationPage,
});
