-- Card links that work for the person outside (issue 32): who asks and where the recipient goes back to,
-- how often a card's Test connection ran in its current minute, the files a card's recipient uploaded, and
-- the service's settings (one row).
ALTER TABLE configuration_cards
  ADD COLUMN sender_name text,
  ADD COLUMN redirect_url text,
  -- A fixed one-minute window per card, counted in its row: every instance sees the same count.
  ADD COLUMN verify_window_start timestamptz,
  ADD COLUMN verify_count integer NOT NULL DEFAULT 0;

-- `id` is the random reference the recipient gets (`upload:<id>`); `location` the file's path, which only the
-- sender's side ever sees.
CREATE TABLE card_uploads (
  id         text PRIMARY KEY,
  card_id    integer NOT NULL REFERENCES configuration_cards(id) ON DELETE CASCADE,
  location   text NOT NULL,
  name       text NOT NULL,
  size       bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_uploads_by_card ON card_uploads (card_id);

CREATE TABLE settings (
  id                boolean PRIMARY KEY DEFAULT true CHECK (id),
  public_url        text,
  organization_name text,
  logo              bytea,
  logo_type         text,
  -- The first characters of the logo's SHA-256: its address changes with it, so a browser never shows an old one.
  logo_version      text,
  allowed_redirects text[] NOT NULL DEFAULT '{}',
  updated_at        timestamptz NOT NULL DEFAULT now()
);
INSERT INTO settings DEFAULT VALUES;
