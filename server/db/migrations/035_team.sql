-- Flowdeck for a team: people, their browser sessions and single-use links; keys with a role, an
-- owner and an expiry; and the audit log. Keys made before this are admin service keys, as all-powerful
-- as they were.

CREATE TABLE users (
  id            serial PRIMARY KEY,
  email         text NOT NULL,
  name          text NOT NULL,
  role          text NOT NULL CHECK (role IN ('viewer', 'operator', 'editor', 'admin')),
  password_hash text,                 -- scrypt, with its salt and parameters; null until a password is set
  oidc_issuer   text,                 -- who vouches for a person who signs in with SSO
  oidc_subject  text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz,
  UNIQUE (oidc_issuer, oidc_subject)
);
CREATE UNIQUE INDEX users_email ON users (lower(email));

-- A browser session: the cookie holds a random value, only its hash is stored.
CREATE TABLE sessions (
  id_hash      text PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,  -- the absolute expiry; the idle one counts from last_seen_at
  address      text
);
CREATE INDEX sessions_user ON sessions (user_id);

-- Single-use links: an invitation, a password reset, the first start's sign-in. Only the token's hash is stored.
CREATE TABLE user_links (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('invitation', 'reset', 'sign-in')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX user_links_user ON user_links (user_id);

ALTER TABLE api_keys
  ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('viewer', 'operator', 'editor', 'admin')),
  ADD COLUMN user_id integer REFERENCES users (id) ON DELETE CASCADE,  -- null: a service key
  ADD COLUMN expires_at timestamptz;

-- The addresses a key was used from: use from a new one is recorded in the audit log.
CREATE TABLE key_addresses (
  key_id        integer NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  address       text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key_id, address)
);

-- Who did what to which object, written in the same transaction as the change. Names are kept as they
-- were, so an entry still reads when its actor or object is gone.
CREATE TABLE audit_log (
  id            bigserial PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  actor_type    text NOT NULL,        -- user, key, card, webhook, system, anonymous
  actor_id      text,
  actor_name    text NOT NULL,
  address       text,
  action        text NOT NULL,        -- the operation's name (createFlow) or an event (signIn, signInFailed, keyUsedFromNewAddress)
  resource_type text,
  resource_id   text,
  resource_name text,
  changes       jsonb                 -- { field: { before, after } }; a secret's value is never here, only "changed"
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_resource ON audit_log (resource_type, resource_id, at DESC, id DESC);
CREATE INDEX audit_log_actor ON audit_log (actor_type, actor_id, at DESC, id DESC);
