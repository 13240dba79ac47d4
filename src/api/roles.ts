// What a person or a key may do, from least to most. Each operation in the table names the least role
// it needs (operations.ts `role`); the service refuses a caller below it with 403 `roleForbids`.
// - viewer: reads everything, never a secret;
// - operator: + runs, cancels, pauses, resumes, re-syncs, discovers and verifies;
// - editor: + creates, edits and deletes sources, destinations, flows, workflows, webhook triggers, card links;
// - admin: + people, keys, alert channels and settings.

export const USER_ROLES = ['viewer', 'operator', 'editor', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const isUserRole = (value: unknown): value is UserRole => typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);

/** Whether `role` is `least` or above it. */
export const roleAtLeast = (role: UserRole, least: UserRole): boolean => USER_ROLES.indexOf(role) >= USER_ROLES.indexOf(least);

/** An operation's name as words: `runFlow` → "run flow", the action a refusal names. */
export const actionOf = (operationName: string): string => operationName.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
