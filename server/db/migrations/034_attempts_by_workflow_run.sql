-- A workflow run's steps are read by their run: its status, the rows it loaded (the runs list sums them for
-- every workflow run on a page), a re-run's kept steps. Without this index each of those read every attempt.
CREATE INDEX run_attempts_workflow_run ON run_attempts (workflow_run_id) WHERE workflow_run_id IS NOT NULL;
