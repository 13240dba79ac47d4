import { OPERATIONS as CATALOGUE, type OperationName } from '@/api/operations';

// Operation names are the src/api function names (the one catalogue, src/api/operations.ts), so a test
// says `failNext('listFlows')` about exactly the call it makes.

export type { OperationName };

export const OPERATIONS: readonly OperationName[] = CATALOGUE.map((operation) => operation.name);
