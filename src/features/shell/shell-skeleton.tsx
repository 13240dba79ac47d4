import { Skeleton, Text } from '@mantine/core';
import { PageSkeleton } from '@/components/skeletons';
import type { PageIntro } from '@/lib/page-intros';
import { frame } from './shell-frame';

/**
 * The signed-in frame while its code and the page's arrive: AppLayout's own frame (shell-frame.css) with the
 * page's skeleton inside, headed by the page's intro where the page has a fixed one. The router draws it while a
 * first load waits.
 */
export function ShellSkeleton({ intro }: { intro?: PageIntro | undefined }) {
  return (
    <>
      {/* No landmarks: the real shell's header, navigation and main replace these; the page skeleton says "Loading". */}
      <div className={frame.header} aria-hidden>
        <span className={frame.burgerPlace} />
        <Text fw={700} size="lg">
          Flowdeck
        </Text>
      </div>
      <div className={`${frame.navbar} ${frame.skeletonNavbar}`} aria-hidden>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={28} radius="sm" />
        ))}
      </div>
      <div className={frame.main}>
        <PageSkeleton intro={intro} />
      </div>
    </>
  );
}
