-- Flowdeck's store. Ids are integers as the interface says; times are timestamptz.

CREATE TABLE api_keys (
  id          serial PRIMARY KEY,
  key_hash    text NOT NULL UNIQUE,          -- sha256 of the key; keys are random, so no slow hash is needed
  plan        text NOT NULL,
  label       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);

CREATE TABLE sources (
  id           serial PRIMARY KEY,
  display_name text NOT NULL,
  spec         text NOT NULL,
  properties   jsonb NOT NULL DEFAULT '{}',   -- PASSWORD values are stored encrypted: {"$secret": "..."}
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  discovery_status    text NOT NULL DEFAULT 'required',
  discovery_error     text,
  discovery_at        timestamptz,
  discovered          jsonb NOT NULL DEFAULT '[]'
);

CREATE TABLE destinations (
  id           serial PRIMARY KEY,
  display_name text NOT NULL,
  spec         text NOT NULL,
  properties   jsonb NOT NULL DEFAULT '{}',
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE configuration_cards (
  id           serial PRIMARY KEY,
  hash_id      text NOT NULL UNIQUE,
  source_id    integer NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  expires_at   timestamptz NOT NULL,
  image_url    text,
  instruction  text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  submitted_at timestamptz
);

CREATE TABLE flows (
  id             serial PRIMARY KEY,
  display_name   text NOT NULL,
  source_id      integer NOT NULL REFERENCES sources(id),
  destination_id integer NOT NULL REFERENCES destinations(id),
  frequency      text,
  cron           text,
  next_run_at    timestamptz,               -- the scheduler claims flows whose time has come
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX flows_next_run_at ON flows (next_run_at) WHERE next_run_at IS NOT NULL;

CREATE TABLE workflows (
  id           serial PRIMARY KEY,
  name         text NOT NULL,
  description  text NOT NULL DEFAULT '',
  enabled      boolean NOT NULL DEFAULT true,
  definition   jsonb NOT NULL DEFAULT '{}',
  frequency    text,
  cron         text NOT NULL DEFAULT '',
  node_schemas jsonb,
  next_run_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE workflow_runs (
  id           serial PRIMARY KEY,
  workflow_id  integer NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  trigger      text NOT NULL,
  lifecycle    text NOT NULL,                -- pending, running, not_running
  disposition  text NOT NULL DEFAULT 'none',
  errors       jsonb NOT NULL DEFAULT '[]',
  instance_key integer,                      -- the service instance executing it (see runs/instance.ts)
  created_at   timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
-- One live run per workflow: the second run request fails on this index.
CREATE UNIQUE INDEX workflow_runs_one_live ON workflow_runs (workflow_id) WHERE lifecycle <> 'not_running';
CREATE INDEX workflow_runs_by_workflow ON workflow_runs (workflow_id, created_at DESC);

CREATE TABLE run_attempts (
  id              serial PRIMARY KEY,
  flow_id         integer NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  workflow_run_id integer REFERENCES workflow_runs(id) ON DELETE SET NULL,
  trigger         text NOT NULL,
  lifecycle       text NOT NULL,
  disposition     text NOT NULL DEFAULT 'none',
  resources       jsonb,
  errors          jsonb NOT NULL DEFAULT '[]',
  instance_key    integer,
  created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  completed_at    timestamptz
);
-- One running attempt per flow, however many run requests race.
CREATE UNIQUE INDEX run_attempts_one_running ON run_attempts (flow_id) WHERE lifecycle = 'running';
CREATE INDEX run_attempts_by_flow ON run_attempts (flow_id, created_at DESC, id DESC);

CREATE TABLE webhook_triggers (
  id                   serial PRIMARY KEY,
  webhook_id           text NOT NULL UNIQUE,
  workflow_id          integer NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
  provider             text NOT NULL,
  status               text NOT NULL DEFAULT 'active',
  trigger_count        integer NOT NULL DEFAULT 0,
  credential_source_id integer REFERENCES sources(id) ON DELETE SET NULL,
  event_type           text NOT NULL,
  signing_secret       text,                  -- encrypted like PASSWORD properties
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_triggered_at    timestamptz
);
