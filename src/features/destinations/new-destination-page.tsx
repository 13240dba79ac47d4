import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Destination } from '@/api/destinations';
import { NewEndpointPage } from '@/components/new-endpoint-page';
import { useCreateDestination } from '@/resources/destinations';
import { specQueries } from '@/resources/specs';
import { ConfigureDestination } from './destination-configuration';

export function NewDestinationPage() {
  const navigate = useNavigate();
  // The interface always lists destination specs.
  const specs = useQuery({ ...specQueries.destinations(), select: (items) => ({ available: true, items }) });
  const create = useCreateDestination();
  const goToDestination = (destination: Destination) =>
    void navigate({ to: '/destinations/$destinationId', params: { destinationId: String(destination.id) } });
  return (
    <NewEndpointPage
      noun="destination"
      specs={specs}
      create={create}
      inputOf={(destinationSpec, displayName) => ({ destinationSpec, displayName })}
      hint="Fill in its configuration now; you can verify it on its page."
      onSkip={goToDestination}
      configure={(created) => <ConfigureDestination destination={created} onSaved={goToDestination} />}
    />
  );
}
