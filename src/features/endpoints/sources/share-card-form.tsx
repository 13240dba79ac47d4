import { Suspense } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { type CreateConfigurationCardInput, SENDER_NAME_MAX } from '@/api/cards';
import type { DateFormat } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';
import { DateFieldPending, LazyDateTimePicker } from '@/components/lazy-date-inputs';
import { safeHttpUrl } from '@/lib/urls';
import { fromWallTime, toWallTime } from '@/lib/wall-time';

/**
 * The picker shows wall time in the chosen zone; the expiry it stands for is read back in that zone. A value that
 * is no wall time is refused here: on submit it would have been an invalid date, and the link never asked for.
 */
export function shareSchema(format: DateFormat) {
  const instantOf = (value: string) => fromWallTime(format.zone, value).getTime();
  return z.object({
    expiresAt: z
      .string()
      .nullable()
      .refine((value) => value !== null && value !== '', 'Choose when the link expires.')
      .refine((value) => value === null || value === '' || !Number.isNaN(instantOf(value)), 'Choose a date and time, such as 2026-12-01 09:00.')
      .refine((value) => value === null || !(instantOf(value) <= Date.now()), 'The expiry must be in the future.'),
    imageUrl: z
      .string()
      .trim()
      .refine((value) => value === '' || safeHttpUrl(value) !== null, 'Use an http or https address.'),
    instruction: z.string(),
    senderName: z
      .string()
      .trim()
      .max(SENDER_NAME_MAX, `At most ${String(SENDER_NAME_MAX)} characters.`),
    redirectUrl: z
      .string()
      .trim()
      .refine((value) => value === '' || (URL.canParse(value) && new URL(value).protocol === 'https:'), 'Use an https:// address.'),
  });
}
type ShareValues = z.infer<ReturnType<typeof shareSchema>>;

const WEEK_MS = 7 * 24 * 3_600_000;

// Until there are accounts, the sender's name is what they typed last time, on this device.
const SENDER_KEY = 'flowdeck.senderName';

function rememberedSender(): string {
  try {
    return localStorage.getItem(SENDER_KEY) ?? '';
  } catch {
    return '';
  }
}

function rememberSender(name: string): void {
  try {
    localStorage.setItem(SENDER_KEY, name);
  } catch {
    // Not remembered: typed again next time.
  }
}

/** A week from now, to the minute, as the picker's wall time. */
export function defaultExpiry(format: DateFormat, now = Date.now()): string {
  return toWallTime(format.zone, Math.floor((now + WEEK_MS) / 60_000) * 60_000) ?? '';
}

/** Expiry (7 days ahead by default, in the future), who asks, an http(s) image, an instruction and where the recipient goes after. */
export function ShareCardForm({ onSubmit, onCancel }: { onSubmit: (input: CreateConfigurationCardInput) => Promise<unknown>; onCancel: () => void }) {
  const format = useDateFormat();
  const now = useNow(60_000);
  const form = useForm<ShareValues>({
    resolver: zodResolver(shareSchema(format)),
    defaultValues: { expiresAt: defaultExpiry(format), imageUrl: '', instruction: '', senderName: rememberedSender(), redirectUrl: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    rememberSender(values.senderName);
    await onSubmit({
      senderName: values.senderName === '' ? undefined : values.senderName,
      redirectUrl: values.redirectUrl === '' ? undefined : values.redirectUrl,
      expiresAt: fromWallTime(format.zone, values.expiresAt ?? '').toISOString(),
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
            <Suspense fallback={<DateFieldPending label="Expires at" />}>
              <LazyDateTimePicker
                label="Expires at"
                description={`In ${format.zone === 'utc' ? 'UTC' : `your time zone (${format.zoneName})`}. The link stops working after this.`}
                required
                valueFormat="YYYY-MM-DD HH:mm"
                minDate={toWallTime(format.zone, now) ?? undefined}
                value={field.value}
                onChange={field.onChange}
                error={errors.expiresAt?.message}
              />
            </Suspense>
          )}
        />
        <TextInput
          label="Your name"
          description="The recipient reads who asks: your name, and the team name from Settings."
          autoComplete="name"
          {...form.register('senderName')}
          error={errors.senderName?.message}
        />
        <TextInput
          label="Image URL"
          description="Shown to the recipient, for example your logo. http or https only."
          placeholder="https://"
          {...form.register('imageUrl')}
          error={errors.imageUrl?.message}
        />
        <Textarea label="Instruction" description="What the recipient should do." rows={3} {...form.register('instruction')} />
        <TextInput
          label="Send the recipient back to"
          description="Optional. After sending, the recipient goes to this https address (with the card's id and the outcome). Its host must be allowed in Settings."
          placeholder="https://"
          {...form.register('redirectUrl')}
          error={errors.redirectUrl?.message}
        />
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
