import { Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { RunAttempt } from '@/api/flows';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { formatCount } from '@/lib/format';
import { isRunActive } from '@/lib/run-status';
import { useDateFormat } from '@/lib/time-zone';
import { useAttemptLog } from '@/resources/attempt-logs';
import { ALL_LEVELS, filterLogLines, type KnownLevel } from './filter-log-lines';
import { LogLines, type LogLinesHandle, ROW_PX } from './log-lines';
import { LogToolbar } from './log-toolbar';

// The attempt's log in the attempt view: read page by page, followed while the attempt runs (the view
// keeps to the newest line until the user scrolls up, and again once they scroll back to the bottom),
// filtered by level, searched with the matches marked, with a jump to the first error and a download.
// Following needs no guess at who scrolled: the view only ever scrolls itself to the very bottom, and
// new lines grow the box without a scroll event, so a scroll that ends away from the bottom is the user's
// (or the jump to an error, which pauses following too).

/** Within this of the bottom counts as at the bottom (a row and a half). */
const BOTTOM_SLACK_PX = ROW_PX * 1.5;

export function AttemptLogs({ flowId, attempt }: { flowId: number; attempt: RunAttempt }) {
  const live = isRunActive(attempt);
  const { data, error, refetch } = useAttemptLog(flowId, attempt, live);
  const format = useDateFormat();
  const headingId = useId();
  const [levels, setLevels] = useState<ReadonlySet<KnownLevel>>(ALL_LEVELS);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  // A running attempt opens at its newest line, a finished one at its first.
  const [following, setFollowing] = useState(live);
  const [current, setCurrent] = useState<number | null>(null);
  const linesRef = useRef<LogLinesHandle>(null);

  const all = data?.lines;
  const shown = useMemo(() => filterLogLines(all ?? [], { levels, search: deferredSearch }), [all, levels, deferredSearch]);
  const firstError = useMemo(() => shown.findIndex((line) => line.level === 'error'), [shown]);

  // Following: each new line scrolls into view, as long as the user has not scrolled away (the last
  // lines, read just after the attempt ends, too).
  const follow = live && following;
  useEffect(() => {
    if (following && shown.length > 0) linesRef.current?.scrollToLine(shown.length - 1, 'end');
  }, [following, shown.length]);

  const onScroll = useCallback(() => {
    setFollowing((linesRef.current?.distanceFromBottom() ?? 0) <= BOTTOM_SLACK_PX);
  }, []);

  const jumpToFirstError = () => {
    if (firstError < 0) return;
    setFollowing(false);
    setCurrent(firstError);
    linesRef.current?.scrollToLine(firstError, 'center');
  };
  const resumeFollowing = () => {
    setFollowing(true);
    setCurrent(null);
    if (shown.length > 0) linesRef.current?.scrollToLine(shown.length - 1, 'end');
  };

  if (isApiError(error, 'not_found') && !data) {
    return (
      <Text size="sm" c="dimmed">
        This service keeps no log of its attempts.
      </Text>
    );
  }

  const total = all?.length ?? 0;
  const filtered = shown.length !== total;
  if (data && total === 0 && !live) {
    return (
      <Stack gap="xs" component="section" aria-labelledby={headingId}>
        <Title order={3} size="h4" id={headingId}>
          Log
        </Title>
        <Text size="sm" c="dimmed">
          No log lines for this attempt: attempts made before logs were kept, or older than their retention, have none.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline">
        <Title order={3} size="h4" id={headingId}>
          Log
        </Title>
        {/* Not a live region: while following it changes every second, which a screen reader would read out each time. */}
        <Text size="xs" c="dimmed">
          {!data
            ? 'Loading the log…'
            : `${filtered ? `${formatCount(shown.length)} of ` : ''}${formatCount(total)} lines${data.more ? ', loading more…' : ''}${live ? (follow ? ' · following' : ' · paused') : ''}`}
        </Text>
      </Group>
      <LogToolbar
        flowId={flowId}
        attemptId={attempt.id}
        levels={levels}
        onLevels={(next) => {
          setLevels(next);
          setCurrent(null);
        }}
        search={search}
        onSearch={(next) => {
          setSearch(next);
          setCurrent(null);
        }}
        hasError={firstError >= 0}
        onJumpToFirstError={jumpToFirstError}
        live={live}
        following={follow}
        onFollow={resumeFollowing}
      />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <LogLines
          ref={linesRef}
          lines={shown}
          search={deferredSearch}
          label={`Log of attempt ${String(attempt.number ?? attempt.id)}`}
          format={format}
          current={current}
          emptyText={!data ? 'Loading the log…' : total === 0 ? 'No lines yet: they appear as the run goes.' : 'No line matches.'}
          onScroll={onScroll}
        />
      )}
    </Stack>
  );
}
