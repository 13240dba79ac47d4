-- Issue 31, concurrency limits: a run that must wait for a slot (FLOWDECK_MAX_RUNS, a destination's
-- max_concurrent_runs) or for its retry's backoff is stored `pending` and keeps its place in one queue,
-- ordered by `queued_at` (when it was asked for; a retry: when it falls due). Once admitted it is
-- `running` and `queued_at` says when, so recovery counts "never started" from then, not from the wait.
ALTER TABLE run_attempts ADD COLUMN queued_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE workflow_runs ADD COLUMN queued_at timestamptz NOT NULL DEFAULT now();

-- One live attempt per flow, queued or running: a run asked for while one waits is refused like one
-- asked for while one runs. It replaces the index on the same rows 030 made for "what is live".
DROP INDEX run_attempts_one_running;
DROP INDEX run_attempts_live;
CREATE UNIQUE INDEX run_attempts_one_live ON run_attempts (flow_id) WHERE lifecycle <> 'not_running';

CREATE INDEX run_attempts_queue ON run_attempts (queued_at, id) WHERE lifecycle = 'pending';
