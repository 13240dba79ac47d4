-- The resource a run attempt is loading at this moment, and the id of its load. After a crash,
-- recovery reports that resource as not loaded and has its destination discard what the load left.
ALTER TABLE run_attempts ADD COLUMN load_id text, ADD COLUMN loading text;
