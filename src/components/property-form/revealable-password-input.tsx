import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useState } from 'react';

/** A password input whose show/hide toggle is a labelled, keyboard-reachable button. */
export function RevealablePasswordInput(props: PasswordInputProps & { label: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      autoComplete="new-password"
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': `${visible ? 'Hide' : 'Show'} ${props.label}`, tabIndex: 0 }}
    />
  );
}
