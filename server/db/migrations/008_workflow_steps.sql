-- Each workflow run keeps its steps as the definition had them when the run was asked for (so a run reads
-- the same after the workflow is edited), the flow attempt each step started, or why a step could not
-- start one. A step's state (waiting, running, succeeded, failed, skipped, cancelled) is derived from these
-- and the attempt (src/service-rules/workflow-run.ts), never stored: cancel and crash recovery end the
-- attempts and the run, and the steps follow without bookkeeping of their own.
ALTER TABLE workflow_runs ADD COLUMN started_at timestamptz; -- when a worker took the run (null while pending)

CREATE TABLE workflow_run_steps (
  workflow_run_id integer NOT NULL REFERENCES workflow_runs(id) ON DELETE CASCADE,
  step_id         text NOT NULL,
  position        integer NOT NULL,           -- its place in the definition
  flow_id         integer NOT NULL,           -- no foreign key: a run's record outlives an edit of its workflow
  after           jsonb NOT NULL DEFAULT '[]',
  attempt_id      integer REFERENCES run_attempts(id) ON DELETE SET NULL,
  error           text,                       -- why no attempt could be started
  PRIMARY KEY (workflow_run_id, step_id)
);
