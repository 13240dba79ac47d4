-- A sign-in with OpenID Connect waiting for the provider's answer: what the callback must check (its state, the
-- nonce the ID token must carry), the PKCE verifier the code is exchanged with, and where the person goes after.
-- Kept here, never trusted from the browser; single use (deleted when the callback takes it) and good for 10
-- minutes (server/auth/oidc.ts).
CREATE TABLE oidc_logins (
  state text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  redirect_to text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oidc_logins_created_at ON oidc_logins (created_at);
