-- A browser may sign in with an API key too: its session then stands for the key (its role and plan),
-- not for a person, and ends with the key. Each session stands for exactly one of the two.

ALTER TABLE sessions
  ALTER COLUMN user_id DROP NOT NULL,
  ADD COLUMN key_id integer REFERENCES api_keys (id) ON DELETE CASCADE,
  ADD CONSTRAINT sessions_one_holder CHECK ((user_id IS NULL) <> (key_id IS NULL));
CREATE INDEX sessions_key ON sessions (key_id) WHERE key_id IS NOT NULL;
