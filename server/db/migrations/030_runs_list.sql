-- GET /v2/runs (issue 31): every flow attempt and workflow run, newest first, keyset paged by
-- (created_at, id). Each filter the list offers has an index read backwards from the cursor, so a page
-- deep in a million runs costs what the first one does: no OFFSET, no sort of the whole table.
CREATE INDEX run_attempts_newest ON run_attempts (created_at DESC, id DESC);
-- A flow's attempts: run_attempts_by_flow (flow_id, created_at DESC, id DESC) already reads them so.
CREATE INDEX run_attempts_by_trigger ON run_attempts (trigger, created_at DESC, id DESC);
CREATE INDEX run_attempts_succeeded ON run_attempts (created_at DESC, id DESC) WHERE lifecycle = 'not_running' AND disposition = 'succeeded';
CREATE INDEX run_attempts_failed ON run_attempts (created_at DESC, id DESC) WHERE lifecycle = 'not_running' AND disposition = 'failed';
CREATE INDEX run_attempts_running ON run_attempts (created_at DESC, id DESC) WHERE lifecycle = 'running';
CREATE INDEX run_attempts_pending ON run_attempts (created_at DESC, id DESC) WHERE lifecycle = 'pending';

CREATE INDEX workflow_runs_newest ON workflow_runs (created_at DESC, id DESC);
DROP INDEX workflow_runs_by_workflow;
CREATE INDEX workflow_runs_by_workflow ON workflow_runs (workflow_id, created_at DESC, id DESC);
CREATE INDEX workflow_runs_by_trigger ON workflow_runs (trigger, created_at DESC, id DESC);
CREATE INDEX workflow_runs_succeeded ON workflow_runs (created_at DESC, id DESC) WHERE lifecycle = 'not_running' AND disposition = 'succeeded';
CREATE INDEX workflow_runs_failed ON workflow_runs (created_at DESC, id DESC) WHERE lifecycle = 'not_running' AND disposition = 'failed';
CREATE INDEX workflow_runs_running ON workflow_runs (created_at DESC, id DESC) WHERE lifecycle = 'running';
CREATE INDEX workflow_runs_pending ON workflow_runs (created_at DESC, id DESC) WHERE lifecycle = 'pending';

-- GET /v2/run-changes: what started, was taken by a worker or ended since a time (created_at and
-- completed_at have theirs), and what is live now.
CREATE INDEX run_attempts_by_claim ON run_attempts (claimed_at) WHERE claimed_at IS NOT NULL;
CREATE INDEX workflow_runs_by_start ON workflow_runs (started_at) WHERE started_at IS NOT NULL;
CREATE INDEX run_attempts_live ON run_attempts (flow_id) WHERE lifecycle <> 'not_running';
