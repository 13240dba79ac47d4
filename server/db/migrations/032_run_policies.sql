-- Issue 31: a flow's or workflow's cron is read in an IANA time zone (UTC by default) and it may retry a
-- failed run (`retries`: attempts 0–10, fixed or exponential backoff with a cap; none by default). A
-- retry, or a re-run of a failed workflow run, is a new attempt or run linked to the one it follows
-- (`retry_of`, `retry_number` 0 for a first try). A destination may limit the runs loading into it at once.
ALTER TABLE flows
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC',
  ADD COLUMN retries jsonb NOT NULL DEFAULT '{"attempts": 0, "backoff": "fixed", "delaySeconds": 60, "maxDelaySeconds": 3600}';
ALTER TABLE workflows
  ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC',
  ADD COLUMN retries jsonb NOT NULL DEFAULT '{"attempts": 0, "backoff": "fixed", "delaySeconds": 60, "maxDelaySeconds": 3600}';

ALTER TABLE run_attempts
  ADD COLUMN retry_of integer REFERENCES run_attempts(id) ON DELETE SET NULL,
  ADD COLUMN retry_number integer NOT NULL DEFAULT 0;
ALTER TABLE workflow_runs
  ADD COLUMN retry_of integer REFERENCES workflow_runs(id) ON DELETE SET NULL,
  ADD COLUMN retry_number integer NOT NULL DEFAULT 0,
  ADD COLUMN waiting_for text;

ALTER TABLE destinations ADD COLUMN max_concurrent_runs integer;
