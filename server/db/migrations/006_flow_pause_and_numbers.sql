-- Pause: a paused flow keeps its schedule, but the scheduler skips it (manual runs still work). On
-- resume the service computes the next run from that moment, so missed runs do not pile up.
ALTER TABLE flows ADD COLUMN paused boolean NOT NULL DEFAULT false;

-- Attempt numbers per flow (#1, #2 ...) beside the global id. The flow row keeps the last number
-- given; the trigger below takes the next one under the flow row's lock, so racing inserts cannot
-- share a number, and an insert that fails (the flow is already running) rolls the count back with it,
-- so the numbers have no gaps. Every way an attempt is written (runs, the demo seed) gets one.
ALTER TABLE flows ADD COLUMN attempts_numbered integer NOT NULL DEFAULT 0;
ALTER TABLE run_attempts ADD COLUMN number integer;

UPDATE run_attempts a SET number = ordered.n
  FROM (SELECT id, row_number() OVER (PARTITION BY flow_id ORDER BY created_at, id) AS n FROM run_attempts) ordered
 WHERE a.id = ordered.id;
UPDATE flows f SET attempts_numbered = (SELECT count(*) FROM run_attempts a WHERE a.flow_id = f.id);

ALTER TABLE run_attempts ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX run_attempts_number_per_flow ON run_attempts (flow_id, number);

CREATE FUNCTION number_run_attempt() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE flows SET attempts_numbered = attempts_numbered + 1 WHERE id = NEW.flow_id RETURNING attempts_numbered INTO NEW.number;
  IF NOT FOUND THEN
    -- The same error the foreign key would raise, before the NOT NULL check could say something vaguer.
    RAISE foreign_key_violation USING MESSAGE = format('Flow %s does not exist.', NEW.flow_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER run_attempts_number BEFORE INSERT ON run_attempts FOR EACH ROW EXECUTE FUNCTION number_run_attempt();

-- Triggers: a step of a workflow run is `workflow` (the run itself was manual or scheduled) or `webhook`
-- (a webhook delivery started the run). Steps recorded before took their run's trigger.
UPDATE run_attempts SET trigger = 'workflow' WHERE workflow_run_id IS NOT NULL AND trigger <> 'webhook';
