-- The structured log of each run attempt: one row per line, read in id order page by page (the id is
-- the cursor). Writers of one attempt take turns (an advisory lock per attempt), so ids commit in
-- order and a reader past id N never misses a line committed later below N. Lines go with their
-- attempt, and are deleted after FLOWDECK_LOG_RETENTION_DAYS (the index on `at` serves that).
CREATE TABLE attempt_log_lines (
  id bigserial PRIMARY KEY,
  attempt_id integer NOT NULL REFERENCES run_attempts (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  level text NOT NULL CHECK (level IN ('debug', 'info', 'warn', 'error')),
  event text NOT NULL,
  message text NOT NULL,
  resource text,
  fields jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX attempt_log_lines_attempt ON attempt_log_lines (attempt_id, id);
CREATE INDEX attempt_log_lines_at ON attempt_log_lines (at);
