-- A flow run's and a workflow run's queue job, so crash recovery can tell a job taken by an instance
-- that died before it claimed the run (queued again) from one still waiting for a worker; and when a
-- flow run was claimed, so queue-to-start latency can be measured (bench/scale).
ALTER TABLE run_attempts ADD COLUMN queue_job_id uuid, ADD COLUMN claimed_at timestamptz;
ALTER TABLE workflow_runs ADD COLUMN queue_job_id uuid;
CREATE INDEX run_attempts_unclaimed ON run_attempts (created_at) WHERE lifecycle = 'running' AND instance_key IS NULL;
CREATE INDEX workflow_runs_unclaimed ON workflow_runs (created_at) WHERE lifecycle = 'pending';
