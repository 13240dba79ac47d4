import { lazy, Suspense } from 'react';
import { BlockSkeleton } from './skeletons';

// The markdown renderer (micromark, mdast, hast) weighs more than the forms it sits in: it comes in its own
// chunk when instructions are first shown.
const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

export function LazyMarkdown({ children }: { children: string }) {
  return (
    <Suspense fallback={<BlockSkeleton label="Loading the instructions" rows={2} />}>
      <Markdown>{children}</Markdown>
    </Suspense>
  );
}
