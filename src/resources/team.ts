import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ApiKey,
  createKey,
  type CreateKeyInput,
  createUser,
  type CreateUserInput,
  deleteUser,
  listKeys,
  listUsers,
  resetUserPassword,
  revokeKey,
  updateUser,
  type UpdateUserInput,
  type User,
} from '@/api/team';
import { auditKeys } from './audit';
import { resourceKeys } from './keys';

// People and API keys (admins only): lists, and the changes made on the People and Keys pages. A change
// refreshes its list and the audit log, which now holds it.

export const userKeys = resourceKeys('users');
export const apiKeyKeys = resourceKeys('api-keys');

/** A team's people and keys fit one page of the service's largest. */
const ALL = { limit: 1000 };

export const teamQueries = {
  users: () => queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => listUsers(ALL, { signal }) }),
  keys: () => queryOptions({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => listKeys(ALL, { signal }) }),
};

function useRefreshAfter() {
  const client = useQueryClient();
  return (...keys: (readonly unknown[])[]) => Promise.all([...keys, auditKeys.all()].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useInviteUser() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (input: CreateUserInput) => createUser(input), onSuccess: () => refresh(userKeys.all()) });
}

export function useUpdateUser() {
  const client = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput }) => updateUser(id, input),
    onSuccess: async (user) => {
      client.setQueryData(teamQueries.users().queryKey, (users: User[] | undefined) => users?.map((item) => (item.id === user.id ? user : item)));
      await refresh(userKeys.all());
    },
  });
}

export function useRemoveUser() {
  const refresh = useRefreshAfter();
  // Their keys are revoked with them.
  return useMutation({ mutationFn: (id: number) => deleteUser(id), onSuccess: () => refresh(userKeys.all(), apiKeyKeys.all()) });
}

export function useResetPassword() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (id: number) => resetUserPassword(id), onSuccess: () => refresh() });
}

export function useCreateKey() {
  const refresh = useRefreshAfter();
  return useMutation({ mutationFn: (input: CreateKeyInput) => createKey(input), onSuccess: () => refresh(apiKeyKeys.all()) });
}

export function useRevokeKey() {
  const client = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: number) => revokeKey(id),
    onSuccess: async (_done, id) => {
      client.setQueryData(teamQueries.keys().queryKey, (keys: ApiKey[] | undefined) => keys?.filter((key) => key.id !== id));
      await refresh(apiKeyKeys.all());
    },
  });
}
