/** Where to send requests and with which key. Set by the sign-in feature; read on every call. */
export interface ApiSession {
  /** Empty string means the dashboard's own origin. */
  baseUrl: string;
  token: string | null;
}

let session: ApiSession = { baseUrl: '', token: null };

export function configureApi(next: Partial<ApiSession>): void {
  session = { ...session, ...next };
}

export function getApiSession(): Readonly<ApiSession> {
  return session;
}
