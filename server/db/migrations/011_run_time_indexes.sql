-- The overview's timeline asks for the runs that overlap a window: ended since its start, or not ended yet.
-- Read by completion time (a btree finds NULLs too), then filtered by start, instead of scanning every run.
CREATE INDEX run_attempts_by_completion ON run_attempts (completed_at);
CREATE INDEX workflow_runs_by_completion ON workflow_runs (completed_at);
