import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

/** The chart's module once it has come. */
let arrived: typeof import('./bar-chart') | undefined;
const loadBarChart = () => import('./bar-chart').then((module) => (arrived = module));
const BarChart = lazy(() => loadBarChart().then((module) => ({ default: module.BarChart })));

/** For a route's loader: the chart's code is fetched beside the page's data, not once the page has drawn. */
export function preloadBarChart(): void {
  void loadBarChart();
}

/** Mantine's BarChart, fetched when first shown; until then a block of its height, so the page does not jump. */
export function LazyBarChart(props: BarChartProps) {
  // Already here (a route's loader asked for it), it draws at once: React reveals a suspended part up to 300 ms
  // after its fallback showed, to spare the page a flash.
  if (arrived) return <arrived.BarChart {...props} />;
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 150} radius="sm" role="status" aria-label="Loading the chart" aria-busy="true" />}>
      <BarChart {...props} />
    </Suspense>
  );
}
