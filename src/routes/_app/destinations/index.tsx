import { createFileRoute } from '@tanstack/react-router';
import { DestinationsPage } from '@/features/destinations/destinations-pages';

export const Route = createFileRoute('/_app/destinations/')({
  component: DestinationsPage,
});
