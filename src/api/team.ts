import { z } from 'zod';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import { dataOf, dateTimeSchema, idSchema, listOf, nullableDateTimeSchema } from './common';
import { USER_ROLES } from './roles';

// Flowdeck's additions for a team: people, the keys they and services use, who is calling, and how a
// browser signs in. The hosted service has none of them (FLOWDECK_PROFILE=hosted leaves them out).

const roleSchema = z.enum(USER_ROLES);
const emailSchema = z.email('Enter an email address').max(320).trim().toLowerCase();
const nameSchema = z.string().trim().min(1, 'Enter a name').max(200);

/** A single-use link (an invitation, a password reset, the first start's sign-in): shown once, to whoever made it. */
export const singleUseLinkSchema = z.object({
  url: z.string().meta({ description: 'The link; its token is in the fragment (#), so it never reaches a server log.' }),
  expiresAt: dateTimeSchema,
});
export type SingleUseLink = z.infer<typeof singleUseLinkSchema>;

export const USER_STATES = ['invited', 'active'] as const;

export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  createdAt: dateTimeSchema,
  lastSeenAt: nullableDateTimeSchema,
  state: z.enum(USER_STATES).meta({ description: 'invited: has not used the invitation yet.' }),
  signIn: z.array(z.enum(['password', 'sso'])).meta({ description: 'How this person can sign in.' }),
});
export type User = z.infer<typeof userSchema>;

export const createUserInputSchema = z.strictObject({ email: emailSchema, name: nameSchema, role: roleSchema });
export type CreateUserInput = z.input<typeof createUserInputSchema>;
export const invitedUserSchema = userSchema.extend({ invitation: singleUseLinkSchema });
export type InvitedUser = z.infer<typeof invitedUserSchema>;

export const updateUserInputSchema = z.strictObject({ name: nameSchema.optional(), role: roleSchema.optional() });
export type UpdateUserInput = z.input<typeof updateUserInputSchema>;

export const apiKeySchema = z.object({
  id: idSchema,
  name: z.string(),
  role: roleSchema,
  owner: z.object({ id: idSchema, name: z.string() }).nullable().meta({ description: 'The person it belongs to; null for a service key.' }),
  createdAt: dateTimeSchema,
  expiresAt: nullableDateTimeSchema,
  lastUsedAt: nullableDateTimeSchema,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createKeyInputSchema = z.strictObject({
  name: nameSchema,
  role: roleSchema.meta({ description: "No higher than its maker's role." }),
  expiresAt: z.iso.datetime({ offset: true }).optional().meta({ description: 'When it stops working; none: until revoked.' }),
  service: z.boolean().optional().meta({ description: 'A service key belongs to nobody (an admin only). A key made with a key is always one.' }),
});
export type CreateKeyInput = z.input<typeof createKeyInputSchema>;
/** The made key: `key` is shown this once; only its hash is stored. */
export const createdKeySchema = z.object({ id: idSchema, name: z.string(), role: roleSchema, key: z.string(), expiresAt: nullableDateTimeSchema });
export type CreatedKey = z.infer<typeof createdKeySchema>;

/** What an operation needs: its least role, and a lower one for a body that only pauses or resumes. */
export const leastRoleSchema = z.object({ role: roleSchema, pauseRole: roleSchema.optional() });
export type LeastRole = z.infer<typeof leastRoleSchema>;

export const callerSchema = z.object({
  type: z.enum(['user', 'key']),
  id: idSchema,
  name: z.string(),
  role: roleSchema,
  leastRoles: z.record(z.string(), leastRoleSchema).optional().meta({
    description: "Every signed-in operation's least role, as this service enforces it (by operation name): what a dashboard shows disabled, and why.",
  }),
});
export type Caller = z.infer<typeof callerSchema>;

/** How a person may sign in here: what the sign-in page offers. */
export const signInMethodsSchema = z.object({
  password: z.boolean(),
  sso: z.boolean().meta({ description: 'An OpenID Connect provider is set up: GET /v2/auth/oidc/start begins its sign-in.' }),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;

/** Sign in with an email and password, or with an API key: either starts a browser session (a cookie). */
export const signInInputSchema = z.union([
  z.strictObject({ email: emailSchema, password: z.string().min(1, 'Enter your password').max(1024) }),
  z.strictObject({ key: z.string().trim().min(1, 'Enter your API key').max(200) }),
]);
export type SignInInput = z.input<typeof signInInputSchema>;

export const MIN_PASSWORD_LENGTH = 12;
const tokenSchema = z.string().min(1).max(200);

/** What a single-use link is for, before it is used: the page shows whose it is. */
export const linkInfoSchema = z.object({ purpose: z.enum(['invitation', 'reset', 'sign-in']), email: z.string(), name: z.string(), expiresAt: dateTimeSchema });
export type LinkInfo = z.infer<typeof linkInfoSchema>;
export const inspectLinkInputSchema = z.strictObject({ token: tokenSchema });
/** An invitation and a reset set a password; the first start's sign-in link needs none. */
export const useLinkInputSchema = z.strictObject({
  token: tokenSchema,
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `Use at least ${String(MIN_PASSWORD_LENGTH)} characters`)
    .max(1024)
    .optional(),
});
export type UseLinkInput = z.input<typeof useLinkInputSchema>;

/** GET /v2/me: who the dashboard is signed in as, and with which role. */
export function getMe(options: CallOptions = {}): Promise<Caller> {
  return callOperation('getMe', 'GET /me', { schema: dataOf(callerSchema) }, options);
}

export function listUsers(page: { limit?: number; offset?: number } = {}, options: CallOptions = {}): Promise<User[]> {
  return callOperation('listUsers', 'GET /users', { query: { ...page }, schema: dataOf(listOf(userSchema)) }, options);
}

/** POST /v2/users: invites a person; the answer carries the invitation link, shown this once. */
export function createUser(input: CreateUserInput, options: CallOptions = {}): Promise<InvitedUser> {
  return callOperation('createUser', 'POST /users', { body: writeBody(createUserInputSchema, input), schema: dataOf(invitedUserSchema) }, options);
}

export function updateUser(id: number, input: UpdateUserInput, options: CallOptions = {}): Promise<User> {
  return callOperation(
    'updateUser',
    'PATCH /users/{id}',
    { params: { id }, body: writeBody(updateUserInputSchema, input), schema: dataOf(userSchema) },
    options,
  );
}

/** DELETE /v2/users/{id}: ends their sessions and revokes their keys. */
export function deleteUser(id: number, options: CallOptions = {}): Promise<true> {
  return callOperation('deleteUser', 'DELETE /users/{id}', { params: { id }, schema: dataOf(z.literal(true)) }, options);
}

/** POST /v2/users/{id}/password-reset: a single-use link that sets a new password (their sessions end when it is used). */
export function resetUserPassword(id: number, options: CallOptions = {}): Promise<SingleUseLink> {
  return callOperation('resetUserPassword', 'POST /users/{id}/password-reset', { params: { id }, schema: dataOf(singleUseLinkSchema) }, options);
}

export function listKeys(page: { limit?: number; offset?: number } = {}, options: CallOptions = {}): Promise<ApiKey[]> {
  return callOperation('listKeys', 'GET /keys', { query: { ...page }, schema: dataOf(listOf(apiKeySchema)) }, options);
}

export function createKey(input: CreateKeyInput, options: CallOptions = {}): Promise<CreatedKey> {
  return callOperation('createKey', 'POST /keys', { body: writeBody(createKeyInputSchema, input), schema: dataOf(createdKeySchema) }, options);
}

export function revokeKey(id: number, options: CallOptions = {}): Promise<true> {
  return callOperation('revokeKey', 'DELETE /keys/{id}', { params: { id }, schema: dataOf(z.literal(true)) }, options);
}

export function getSignInMethods(options: CallOptions = {}): Promise<SignInMethods> {
  return callOperation('getSignInMethods', 'GET /auth/methods', { schema: dataOf(signInMethodsSchema) }, options);
}

/** POST /v2/session: answers who signed in, and sets the session cookie. */
export function signIn(input: SignInInput, options: CallOptions = {}): Promise<Caller> {
  return callOperation('signIn', 'POST /session', { body: writeBody(signInInputSchema, input), schema: dataOf(callerSchema) }, options);
}

/** DELETE /v2/session: ends this browser's session. */
export function signOut(options: CallOptions = {}): Promise<true> {
  return callOperation('signOut', 'DELETE /session', { schema: dataOf(z.literal(true)) }, options);
}

/** DELETE /v2/sessions: ends every session of the signed-in person, this one too. */
export function signOutEverywhere(options: CallOptions = {}): Promise<true> {
  return callOperation('signOutEverywhere', 'DELETE /sessions', { schema: dataOf(z.literal(true)) }, options);
}

export function inspectLink(token: string, options: CallOptions = {}): Promise<LinkInfo> {
  return callOperation('inspectLink', 'POST /links/inspect', { body: writeBody(inspectLinkInputSchema, { token }), schema: dataOf(linkInfoSchema) }, options);
}

/** POST /v2/links/use: uses a single-use link once (setting the password it asks for) and signs in. */
export function useLink(input: UseLinkInput, options: CallOptions = {}): Promise<Caller> {
  return callOperation('useLink', 'POST /links/use', { body: writeBody(useLinkInputSchema, input), schema: dataOf(callerSchema) }, options);
}
