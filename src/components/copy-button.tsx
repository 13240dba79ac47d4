import { Button, type ButtonProps, CopyButton as MantineCopyButton } from '@mantine/core';

/**
 * Copies a value to the clipboard and says so for two seconds. `description` names what is copied for
 * screen readers where the visible label is short (a "Copy" in a table row).
 */
export function CopyButton({
  value,
  label = 'Copy link',
  description,
  size,
}: {
  value: string;
  label?: string;
  description?: string;
  size?: ButtonProps['size'];
}) {
  return (
    <MantineCopyButton value={value} timeout={2_000}>
      {({ copied, copy }) => (
        <Button
          size={size}
          variant={copied ? 'filled' : 'light'}
          color={copied ? 'teal' : undefined}
          onClick={copy}
          aria-live="polite"
          aria-label={copied ? 'Copied' : description}
          style={{ flexShrink: 0 }}
        >
          {copied ? 'Copied' : label}
        </Button>
      )}
    </MantineCopyButton>
  );
}
