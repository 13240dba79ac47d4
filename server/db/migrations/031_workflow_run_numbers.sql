-- Workflow runs count per workflow (#1 is the first), as flow attempts count per flow (006): the
-- workflow row keeps the last number given and the trigger takes the next one under its lock, so racing
-- runs cannot share a number and a run that fails to insert rolls the count back with it.
ALTER TABLE workflows ADD COLUMN runs_numbered integer NOT NULL DEFAULT 0;
ALTER TABLE workflow_runs ADD COLUMN number integer;

UPDATE workflow_runs r SET number = ordered.n
  FROM (SELECT id, row_number() OVER (PARTITION BY workflow_id ORDER BY created_at, id) AS n FROM workflow_runs) ordered
 WHERE r.id = ordered.id;
UPDATE workflows w SET runs_numbered = (SELECT count(*) FROM workflow_runs r WHERE r.workflow_id = w.id);

ALTER TABLE workflow_runs ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX workflow_runs_number_per_workflow ON workflow_runs (workflow_id, number);

CREATE FUNCTION number_workflow_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE workflows SET runs_numbered = runs_numbered + 1 WHERE id = NEW.workflow_id RETURNING runs_numbered INTO NEW.number;
  IF NOT FOUND THEN
    RAISE foreign_key_violation USING MESSAGE = format('Workflow %s does not exist.', NEW.workflow_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER workflow_runs_number BEFORE INSERT ON workflow_runs FOR EACH ROW EXECUTE FUNCTION number_workflow_run();
