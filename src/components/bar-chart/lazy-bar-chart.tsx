import type { BarChartProps } from '@mantine/charts';
import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

const BarChart = lazy(() => import('./bar-chart').then((module) => ({ default: module.BarChart })));

/** Mantine's BarChart, fetched when first shown; until then a block of its height, so the page does not jump. */
export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={props.h ?? 150} radius="sm" role="status" aria-label="Loading the chart" aria-busy="true" />}>
      <BarChart {...props} />
    </Suspense>
  );
}
