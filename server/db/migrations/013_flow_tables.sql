-- Issue 29: how each flow keeps its tables in its destination, the state of each table, and which flow
-- owns which table.

-- A flow's namespace (null: the destination's default, where flows wrote before this release), the prefix
-- of its tables, its schema-change policy and the modes of the resources it lists. A resource it does not
-- list loads with `default_sync_mode`: flows that existed before keep appending, as they did (their rows
-- stay; the user chooses to change the mode); new flows replace their tables at each run.
ALTER TABLE flows
  ADD COLUMN namespace text,
  ADD COLUMN table_prefix text NOT NULL DEFAULT '',
  ADD COLUMN schema_changes text NOT NULL DEFAULT 'propagate',
  ADD COLUMN resource_modes jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN default_sync_mode text NOT NULL DEFAULT 'full_refresh_append';
ALTER TABLE flows ALTER COLUMN default_sync_mode SET DEFAULT 'full_refresh_overwrite';

-- The service's copy of each table's state. The destination keeps the authoritative one (its load records,
-- committed with the rows); `generation` grows on every reset or re-sync of the resource, so a load of an
-- older generation never brings its cursor back.
CREATE TABLE flow_tables (
  flow_id           integer NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  resource          text NOT NULL,
  table_name        text,
  sync_mode         text,
  cursor_field      text,
  primary_key       jsonb,
  cursor            jsonb,
  cursor_updated_at timestamptz,
  generation        integer NOT NULL DEFAULT 0,
  columns           jsonb,
  schema_change     jsonb,
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flow_id, resource)
);

-- Which flow writes which table of a destination: a run claims its tables here before it writes, so two
-- flows never write one table.
CREATE TABLE destination_tables (
  destination_id integer NOT NULL REFERENCES destinations(id) ON DELETE CASCADE,
  namespace      text NOT NULL,
  table_name     text NOT NULL,
  flow_id        integer NOT NULL REFERENCES flows(id) ON DELETE CASCADE,
  PRIMARY KEY (destination_id, namespace, table_name)
);
CREATE INDEX destination_tables_flow ON destination_tables (flow_id);

-- A running attempt's wait for its destination (another load into the same DuckDB file); the resources a
-- re-sync attempt reads in full and replaces (null: not a re-sync; []: all); where the load in hand goes
-- (namespace and table, for recovery); whether the run stopped on a schema change (the alert rule).
ALTER TABLE run_attempts
  ADD COLUMN waiting_for text,
  ADD COLUMN resync jsonb,
  ADD COLUMN load_target jsonb,
  ADD COLUMN schema_changed boolean NOT NULL DEFAULT false;
-- Recovery looks for loads left in hand every few seconds.
CREATE INDEX run_attempts_loading ON run_attempts (id) WHERE loading IS NOT NULL;
