import { Button, type ButtonProps, Text, Tooltip, VisuallyHidden } from '@mantine/core';
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
