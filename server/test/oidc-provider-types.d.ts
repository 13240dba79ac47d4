// The few parts of oidc-provider (8.x, which ships no types) that the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims: (use: string, scope: string) => AccountClaims | Promise<AccountClaims>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string };
    params: { client_id?: string; scope?: string; [name: string]: unknown };
  }

  export interface GrantInstance {
    addOIDCScope: (scope: string) => void;
    save: () => Promise<string>;
  }

  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly Grant: new (init: { accountId: string; clientId: string }) => GrantInstance;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
  }
}

declare module 'oidc-provider/lib/adapters/memory_adapter.js' {
  export default class MemoryAdapter {
    constructor(model: string);
    find(id: string): Promise<unknown>;
  }
}
