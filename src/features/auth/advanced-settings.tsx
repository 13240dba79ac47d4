import { Paper, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

/**
 * A closed-by-default panel for settings few people change, drawn like a contained accordion. Not Mantine's
 * Accordion: with its collapse animation it adds about 3 KB gzip to the sign-in screen, the first of most visits.
 * Closed, its content is not rendered.
 */
export function AdvancedSettings({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Paper withBorder radius="sm" bg="var(--mantine-color-default-hover)">
      <UnstyledButton
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((wasOpen) => !wasOpen);
        }}
        w="100%"
        px="md"
        py="sm"
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Text component="span">{label}</Text>
        <svg
          aria-hidden
          width="16"
          height="16"
          viewBox="0 0 15 15"
          style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 200ms ease' }}
        >
          <path
            d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      </UnstyledButton>
      {open && (
        <Paper id={panelId} radius="sm" px="md" pb="md" pt="xs">
          {children}
        </Paper>
      )}
    </Paper>
  );
}
