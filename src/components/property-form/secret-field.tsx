import { Badge, Button, Group, Input, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { RevealablePasswordInput } from './revealable-password-input';
import type { SecretValue } from './property-values';

interface SecretFieldProps {
  label: string;
  description: string | undefined;
  withAsterisk: boolean;
  value: SecretValue;
  onChange: (value: SecretValue) => void;
  onBlur: () => void;
  error: ReactNode;
  /** Kept, but an address change will clear it on save. */
  clearedOnSave: boolean;
}

/**
 * A secret's three states made explicit. The saved value is never shown or echoed: "Saved, unchanged"
 * sends nothing, Replace sends what is typed, Clear sends null.
 */
export function SecretField({ label, description, withAsterisk, value, onChange, onBlur, error, clearedOnSave }: SecretFieldProps) {
  if (!value.saved || value.action === 'replace') {
    return (
      <Stack gap={4}>
        <RevealablePasswordInput
          label={label}
          description={value.saved ? 'Replaces the saved value when you save.' : description}
          required={withAsterisk}
          value={value.value}
          autoFocus={value.saved}
          onChange={(event) => {
            onChange({ ...value, action: 'replace', value: event.currentTarget.value });
          }}
          onBlur={onBlur}
          error={error}
        />
        {value.saved && (
          <Button
            variant="subtle"
            size="compact-xs"
            w="fit-content"
            onClick={() => {
              onChange({ ...value, action: 'keep', value: '' });
            }}
          >
            Keep the saved {label}
          </Button>
        )}
      </Stack>
    );
  }
  const cleared = value.action === 'clear' || clearedOnSave;
  return (
    <Input.Wrapper label={label} description={description} withAsterisk={withAsterisk} error={error} id={undefined}>
      <Group gap="xs" mt={4} role="group" aria-label={label}>
        <Badge variant="light" color={cleared ? 'orange' : 'teal'} tt="none">
          {cleared ? 'Will be cleared when you save' : 'Saved, unchanged'}
        </Badge>
        {value.action === 'clear' ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              onChange({ ...value, action: 'keep', value: '' });
            }}
          >
            Undo clear
          </Button>
        ) : (
          <>
            <Button
              variant="light"
              size="compact-sm"
              aria-label={`Replace ${label}`}
              onClick={() => {
                onChange({ ...value, action: 'replace', value: '' });
              }}
            >
              Replace
            </Button>
            {!clearedOnSave && (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                aria-label={`Clear ${label}`}
                onClick={() => {
                  onChange({ ...value, action: 'clear', value: '' });
                }}
              >
                Clear
              </Button>
            )}
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
