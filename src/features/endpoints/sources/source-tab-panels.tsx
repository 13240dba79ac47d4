import { lazy } from 'react';
import type { SourceTab } from './source-tab-names';

// Each tab's body is its own chunk, fetched when the tab is first shown or on intent (hover, focus of the tab,
// or the route's loader for the tab in the URL): the configuration form alone (react-hook-form, the property
// inputs, the CSV upload) outweighs the rest of the page, and most visits open one tab.
const panels = {
  configuration: () => import('./source-configuration'),
  resolvers: () => import('./source-resolvers'),
  cards: () => import('./source-cards'),
  flows: () => import('./source-flows'),
} satisfies Record<SourceTab, () => Promise<unknown>>;

export function preloadSourceTab(tab: SourceTab): void {
  void panels[tab]();
}

export const LazyConfigureSource = lazy(async () => ({ default: (await panels.configuration()).ConfigureSource }));
export const LazySourceResolvers = lazy(async () => ({ default: (await panels.resolvers()).SourceResolvers }));
export const LazySourceCards = lazy(async () => ({ default: (await panels.cards()).SourceCards }));
export const LazySourceFlows = lazy(async () => ({ default: (await panels.flows()).SourceFlows }));
