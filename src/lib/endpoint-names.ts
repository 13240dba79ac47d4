// Sources and destinations are the two ends of a flow ("endpoints"). What one is called and where its
// page is, for their own screens and for the flows screens that show them.

export type EndpointNoun = 'source' | 'destination';

const TITLES = { source: 'Source', destination: 'Destination' } as const;

/** "Source", "Destination": the noun at the start of a label. */
export function endpointTitle(noun: EndpointNoun): string {
  return TITLES[noun];
}

/** "Source 3": what an endpoint without a display name, or known only by its id, is called. */
export function endpointFallbackName(noun: EndpointNoun, id: number): string {
  return `${TITLES[noun]} ${String(id)}`;
}

/** The endpoint's page, as the router's typed link props. */
export function endpointPage(noun: EndpointNoun, id: number) {
  return noun === 'source'
    ? ({ to: '/sources/$sourceId', params: { sourceId: String(id) } } as const)
    : ({ to: '/destinations/$destinationId', params: { destinationId: String(id) } } as const);
}

export function newEndpointPage(noun: EndpointNoun) {
  return noun === 'source' ? '/sources/new' : '/destinations/new';
}
