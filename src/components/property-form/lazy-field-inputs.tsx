import { Input, Skeleton } from '@mantine/core';
import { lazy, type ReactNode } from 'react';

// One chunk for both: a spec with a number usually has a pick list too, and one request is cheaper than two.
const fieldInputs = () => import('./field-inputs');

export const LazyNumberInput = lazy(async () => ({ default: (await fieldInputs()).NumberInput }));
export const LazySelect = lazy(async () => ({ default: (await fieldInputs()).Select }));

/** The field's label, help text and input size while its input loads, so the form does not jump when it arrives. */
export function FieldPending({ label, description, required }: { label: string; description?: ReactNode; required?: boolean }) {
  return (
    <Input.Wrapper label={label} description={description} withAsterisk={required}>
      <Skeleton height={36} role="status" aria-label={`Loading ${label}`} aria-busy="true" />
    </Input.Wrapper>
  );
}
