-- Alerts (issue 14): notification channels with their rules, and the deliveries sent to them.
-- A channel's URL and a webhook channel's signing secret are secrets: sealed with the service's key
-- (server/secrets.ts), never stored or answered in clear; `address` (the URL's origin) is what lists show.
CREATE TABLE alert_channels (
  id                    serial PRIMARY KEY,
  kind                  text NOT NULL CHECK (kind IN ('slack', 'webhook')),
  name                  text NOT NULL,
  url_sealed            text NOT NULL,
  address               text NOT NULL,
  signing_secret_sealed text,
  events                text[] NOT NULL DEFAULT '{}',
  -- The flows its rules apply to; NULL: every flow.
  flow_ids              integer[],
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- One row per event and channel: the unique event key (`failed:<attempt>`, `recovered:<attempt>`,
-- `late:<flow>:<due time>`, `test:<random>`) makes a second detection of the same event, by another
-- instance or after a restart, insert nothing, so it is never delivered twice. The payload is fixed
-- when the event is detected, so every try sends the same body.
CREATE TABLE alert_deliveries (
  id           serial PRIMARY KEY,
  channel_id   integer NOT NULL REFERENCES alert_channels(id) ON DELETE CASCADE,
  event        text NOT NULL,
  event_key    text NOT NULL,
  flow_id      integer REFERENCES flows(id) ON DELETE SET NULL,
  payload      jsonb NOT NULL,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  -- A try in progress holds the row until then, so a repeated job cannot send it twice at once.
  leased_until timestamptz,
  status_code  integer,
  response     text,
  error        text,
  created_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
  completed_at timestamptz,
  UNIQUE (channel_id, event_key)
);
CREATE INDEX alert_deliveries_by_channel ON alert_deliveries (channel_id, id DESC);

-- Finished attempts are looked at once for alerts. Those already in the table count as looked at, so an
-- upgrade sends nothing about the past; new ones start unchecked.
ALTER TABLE run_attempts ADD COLUMN alerts_checked boolean NOT NULL DEFAULT true;
ALTER TABLE run_attempts ALTER COLUMN alerts_checked SET DEFAULT false;
CREATE INDEX run_attempts_alerts_unchecked ON run_attempts (id) WHERE NOT alerts_checked;
