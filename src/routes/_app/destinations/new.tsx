import { createFileRoute } from '@tanstack/react-router';
import { NewDestinationPage } from '@/features/destinations/new-destination-page';

export const Route = createFileRoute('/_app/destinations/new')({
  component: NewDestinationPage,
});
