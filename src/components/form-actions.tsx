import { Button, Group } from '@mantine/core';
import { ALLOWED, type Permission } from '@/lib/permissions';
import { PermittedButton } from './permitted';

/**
 * The end of a page's form: Cancel, then the primary action, on the right (New flow, workflows, alert channels).
 * `permission`: whether the signed-in role may submit it; when not, the action shows disabled with the reason.
 */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
  permission = ALLOWED,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel?: () => void;
  permission?: Permission;
}) {
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      )}
      <PermittedButton permission={permission} type="submit" loading={pending}>
        {submitLabel}
      </PermittedButton>
    </Group>
  );
}
