import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type CreateConfigurationCardInput } from '@/api/cards';
import { safeHttpUrl } from '@/lib/urls';

const LOCAL = 'YYYY-MM-DD HH:mm:ss';

const shareSchema = z.object({
  expiresAt: z
    .string()
    .nullable()
    .refine((value) => value !== null && value !== '', 'Choose when the link expires.')
    .refine((value) => value === null || !dayjs(value).isValid() || dayjs(value).isAfter(dayjs()), 'The expiry must be in the future.'),
  imageUrl: z
    .string()
    .trim()
    .refine((value) => value === '' || safeHttpUrl(value) !== null, 'Use an http or https address.'),
  instruction: z.string(),
});
type ShareValues = z.infer<typeof shareSchema>;

export function defaultExpiry(now = Date.now()): string {
  return dayjs(now).add(7, 'day').second(0).format(LOCAL);
}

/** Expiry (7 days ahead by default, in the future), an http(s) image and an instruction for the recipient. */
export function ShareCardForm({ onSubmit, onCancel }: { onSubmit: (input: CreateConfigurationCardInput) => Promise<unknown>; onCancel: () => void }) {
  const form = useForm<ShareValues>({
    resolver: zodResolver(shareSchema),
    defaultValues: { expiresAt: defaultExpiry(), imageUrl: '', instruction: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    await onSubmit({
      expiresAt: dayjs(values.expiresAt ?? undefined).toISOString(),
      imageUrl: values.imageUrl === '' ? undefined : values.imageUrl,
      instruction: values.instruction.trim() === '' ? undefined : values.instruction,
    });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Share configuration link">
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="expiresAt"
          render={({ field }) => (
            <DateTimePicker
              label="Expires at"
              description="Your local time. The link stops working after this."
              required
              valueFormat="YYYY-MM-DD HH:mm"
              minDate={new Date()}
              value={field.value}
              onChange={field.onChange}
              error={errors.expiresAt?.message}
            />
          )}
        />
        <TextInput
          label="Image URL"
          description="Shown to the recipient, for example your logo. http or https only."
          placeholder="https://"
          {...form.register('imageUrl')}
          error={errors.imageUrl?.message}
        />
        <Textarea label="Instruction" description="What the recipient should do." rows={3} {...form.register('instruction')} />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Create link
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
