import { Select, type SelectProps } from '@mantine/core';
import { USER_ROLES, type UserRole } from '@/api/roles';

export const ROLE_WORDS: Record<UserRole, string> = {
  viewer: 'Viewer: reads everything, never a secret',
  operator: 'Operator: + runs, cancels, pauses, re-syncs',
  editor: 'Editor: + creates, edits and deletes',
  admin: 'Admin: + people, keys, alerts and settings',
};

/** A role, with what each may do beside its name. `upTo`: the highest role offered (a key's, no higher than its maker's). */
export function RoleSelect({ upTo = 'admin', ...props }: Omit<SelectProps, 'data'> & { upTo?: UserRole }) {
  const offered = USER_ROLES.slice(0, USER_ROLES.indexOf(upTo) + 1);
  return <Select allowDeselect={false} data={offered.map((role) => ({ value: role, label: ROLE_WORDS[role] }))} {...props} />;
}
