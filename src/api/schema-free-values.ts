// Values of the contract that route files need for their search schemas. They live apart from the schemas
// of their resource because a zod classic schema at a module's top level stays in the bundle of whoever
// imports the module, and route search schemas are in the first screen's bundle.

/** A flow's `freshness` states (the rule: src/service-rules/freshness.ts). */
export const FRESHNESS_STATES = ['on_time', 'late', 'failing', 'paused', 'manual', 'never_run'] as const;

/** The most run attempts one page of `GET /v2/flows/{id}/attempts` returns. */
export const MAX_ATTEMPTS_LIMIT = 1000;

/** A configuration card's states (the rule: `cardStateAt` in src/api/cards.ts). */
export const CARD_STATES = ['open', 'submitted', 'expired', 'revoked'] as const;
