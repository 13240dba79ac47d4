import { describe, expect, it } from 'vitest';
import { USER_ROLES } from '@/api/roles';
import { keyRoleRefusal } from './roles';

// createKey is an admin's in the table, so no maker below admin reaches it over HTTP today: the rule that a
// key's role is never above its maker's is checked here for every pair.
describe('keyRoleRefusal', () => {
  it('lets a maker give a key their own role or a lower one, and refuses a higher one, naming both', () => {
    for (const [makerIndex, maker] of USER_ROLES.entries())
      for (const [keyIndex, role] of USER_ROLES.entries()) {
        const refusal = keyRoleRefusal(maker, role);
        if (keyIndex <= makerIndex) expect(refusal).toBeNull();
        else expect(refusal).toBe(`role: a key's role may not be above its maker's (${maker}); ${role} is.`);
      }
  });
});
