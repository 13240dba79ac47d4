import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy } from 'react';

// @mantine/dates and dayjs plugins are about 12 KB gzip that most forms never show: they load
// with the first date, date-time or time field instead of with every page that has a form.
const dateInputs = () => import('./date-inputs');

export const LazyDateInput = lazy(async () => ({ default: (await dateInputs()).DateInput }));
export const LazyDateTimePicker = lazy(async () => ({ default: (await dateInputs()).DateTimePicker }));
export const LazyTimeInput = lazy(async () => ({ default: (await dateInputs()).TimeInput }));

/** The field's label and the input's size while the date inputs load, so the form does not jump. */
export function DateFieldPending({ label }: { label: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Skeleton height={36} />
    </Stack>
  );
}
