import { isApiError } from '@/api/errors';

/**
 * The list endpoints are Flowdeck's additions to the interface: another service may answer 404 or 405.
 * That is a fact to show ("this service does not list them"), not an error screen. An unavailable list
 * holds nothing, or what the dashboard knows by other means (the cards created in this session).
 */
export interface Listing<T> {
  available: boolean;
  items: T[];
}

export async function listingOf<T>(load: () => Promise<T[]>): Promise<Listing<T>> {
  try {
    return { available: true, items: await load() };
  } catch (error) {
    if (isApiError(error, 'not_found')) return { available: false, items: [] };
    throw error;
  }
}
