import { Alert, Box, Button, type ButtonProps, Switch, type SwitchProps, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { type ComponentPropsWithoutRef, type ReactNode, useId } from 'react';
import type { Permission } from '@/lib/permissions';

type NativeButtonProps = Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps>;

/**
 * An action the signed-in role may not take: still on screen, disabled, and saying why (a tooltip on hover
 * and focus, the same sentence as its accessible description). It keeps the keyboard's focus, like
 * ActionButton, so a keyboard user can reach the reason.
 */
export function PermittedButton({ permission, onClick, disabled, ...props }: ButtonProps & NativeButtonProps & { permission: Permission }) {
  const reasonId = useId();
  if (permission.allowed) return <Button {...props} disabled={disabled} onClick={onClick} />;
  return (
    <>
      <Tooltip label={permission.reason} multiline maw={280}>
        <Button
          {...props}
          type="button"
          data-disabled
          aria-disabled
          aria-describedby={reasonId}
          onClick={(event) => {
            event.preventDefault();
          }}
        />
      </Tooltip>
      <VisuallyHidden id={reasonId}>{permission.reason}</VisuallyHidden>
    </>
  );
}

/** A link-shaped action (New flow, Edit): the link when allowed, else the same words as a disabled button with the reason. */
export function PermittedLink({ permission, link, children, ...props }: ButtonProps & { permission: Permission; link: ReactNode; children: ReactNode }) {
  if (permission.allowed) return link;
  return (
    <PermittedButton permission={permission} {...props}>
      {children}
    </PermittedButton>
  );
}

/** A section the signed-in role may not see (a workflow's webhook triggers, a source's card links): why, in its place. */
export function PermissionNote({ permission }: { permission: Permission }) {
  return (
    <Text size="sm" c="dimmed" role="note">
      {permission.reason}
    </Text>
  );
}

/**
 * A switch (a workflow's Enabled, a resolver's Load) the role may not turn: it keeps its state and the
 * keyboard's focus, looks disabled, ignores changes, and says why as its description and a tooltip.
 */
export function PermittedSwitch({ permission, onChange, disabled, ...props }: SwitchProps & { permission: Permission }) {
  const reasonId = useId();
  if (permission.allowed) return <Switch {...props} disabled={disabled} onChange={onChange} />;
  return (
    <>
      <Tooltip label={permission.reason} multiline maw={280}>
        <Box w="fit-content">
          <Switch {...props} readOnly data-disabled aria-disabled aria-describedby={reasonId} />
        </Box>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{permission.reason}</VisuallyHidden>
    </>
  );
}

/** A form the role may not submit (opened by its URL): the reason once, above it; its submit is a PermittedButton. */
export function PermissionNotice({ permission }: { permission: Permission }) {
  if (permission.allowed) return null;
  return (
    <Alert color="gray" variant="light" role="note" title="You can’t save this">
      {permission.reason}
    </Alert>
  );
}

/**
 * A form's fields, unusable when the role may not submit them: nothing to fill in that would end in a 403.
 * Its submit stays outside, a PermittedButton, so the keyboard still reaches the reason.
 */
export function PermittedFieldset({ permission, children }: { permission: Permission; children: ReactNode }) {
  return (
    <fieldset disabled={!permission.allowed} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
