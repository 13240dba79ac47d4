// Apart from the tabs themselves: the route validates `?tab=` with these names, and route files stay light
// (what a route file imports outside its component is in the first screen's bundle).
export const SOURCE_TABS = ['configuration', 'resolvers', 'cards', 'flows'] as const;
export type SourceTab = (typeof SOURCE_TABS)[number];
