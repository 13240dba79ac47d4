import { Skeleton, Text } from '@mantine/core';
import { PageSkeleton } from '@/components/skeletons';
import frame from './shell-frame.module.css';

/**
 * The signed-in frame while its code and the page's arrive: AppLayout's own frame (shell-frame.module.css) with
 * the page's skeleton inside, so the first screen paints as soon as the entry has run and nothing moves when the
 * real shell takes its place. It comes with the entry, so it uses only what the sign-in screen already ships.
 */
export function ShellSkeleton() {
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
        <PageSkeleton />
      </div>
    </>
  );
}
