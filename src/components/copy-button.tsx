import { Button, CopyButton as MantineCopyButton } from '@mantine/core';

/** Copies a value to the clipboard and says so for two seconds. */
export function CopyButton({ value, label = 'Copy link' }: { value: string; label?: string }) {
  return (
    <MantineCopyButton value={value} timeout={2_000}>
      {({ copied, copy }) => (
        <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy} aria-live="polite">
          {copied ? 'Copied' : label}
        </Button>
      )}
    </MantineCopyButton>
  );
}
