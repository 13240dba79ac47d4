import { Skeleton, Text } from '@mantine/core';
import { PageSkeleton } from '@/components/skeletons';
import classes from './shell-skeleton.module.css';

/**
 * The signed-in frame while its code and the page's arrive: AppLayout's geometry (header, navigation from the
 * `sm` breakpoint, padded main) with the page's skeleton inside, so the first screen paints as soon as the entry
 * has run and nothing moves when the real shell takes its place. It comes with the entry, so it uses only what
 * the sign-in screen already ships.
 */
export function ShellSkeleton() {
  return (
    <>
      {/* No landmarks: the real shell's header, navigation and main replace these; the page skeleton says "Loading". */}
      <div className={classes.header} aria-hidden>
        <span className={classes.burger} />
        <Text fw={700} size="lg">
          Flowdeck
        </Text>
      </div>
      <div className={classes.navbar} aria-hidden>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={28} radius="sm" />
        ))}
      </div>
      <div className={classes.main}>
        <PageSkeleton />
      </div>
    </>
  );
}
