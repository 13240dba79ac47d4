import { useQuery } from '@tanstack/react-query';
import type { Flow } from '@/api/flows';
import { ScheduleLabel } from '@/components/schedule-label';
import { scheduleOf } from '@/lib/schedule';
import { flowQueries } from '@/resources/flows';

/**
 * A row's schedule; a flow on a frequency also tells its next run, from the last attempt the row's status
 * cell reads. This only looks in the cache (the status cell does the asking), so it costs no request.
 */
export function FlowScheduleCell({ flow }: { flow: Flow }) {
  const { data } = useQuery({ ...flowQueries.status(flow.id), enabled: false });
  return <ScheduleLabel schedule={scheduleOf(flow)} lastRunAt={data ? (data.lastAttempt?.createdAt ?? null) : undefined} paused={flow.paused} />;
}
