// The demo's API keys and people, as the service's demo seed stores them. The team key (an admin service
// key) can do everything; the starter key shows how the dashboard handles a 403 for a feature outside the
// plan (workflows); one key per role shows what each role may do (src/api/roles.ts).

import { bearerToken } from '@/api/bearer';
import { planForbids } from '@/api/messages';
import type { Feature } from '@/api/operations';
import type { UserRole } from '@/api/roles';
import { DEMO_API_KEY, DEMO_PASSWORD } from '@/lib/demo';
import { DEMO_KEYS, type Plan } from '@/service-rules/plans';

export { DEMO_API_KEY };
export const STARTER_API_KEY = DEMO_KEYS.starter;

/** A key of each role, each a person's: signing in with one shows the dashboard as that role sees it. */
export const ROLE_API_KEYS = {
  viewer: 'flowdeck-viewer-key',
  operator: 'flowdeck-operator-key',
  editor: 'flowdeck-editor-key',
  admin: DEMO_API_KEY,
} as const satisfies Record<UserRole, string>;

/** Every seeded person's password in the mock (the demo's sign-in page says so). */
export const MOCK_PASSWORD = DEMO_PASSWORD;

const PLAN_OF_KEY: Readonly<Record<string, Plan>> = { [DEMO_KEYS.starter]: 'starter' };

/** A key's plan: the starter key's, else the team plan. */
export const planOfKey = (token: string): Plan => PLAN_OF_KEY[token] ?? 'team';

/** The 403 message, verbatim as the dashboard must show it. */
export const PLAN_MESSAGES: Readonly<Record<Feature, string>> = {
  workflows: planForbids('workflows'),
};

/** The bearer token a request carries. */
export const requestToken = (request: Request): string | null => bearerToken(request.headers.get('Authorization'));
