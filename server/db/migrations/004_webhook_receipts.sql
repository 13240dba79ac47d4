-- Signed Slack requests already acted on: a replay inside Slack's 5-minute window is refused.
CREATE TABLE webhook_receipts (
  webhook_trigger_id integer NOT NULL REFERENCES webhook_triggers(id) ON DELETE CASCADE,
  signature          text NOT NULL,
  received_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (webhook_trigger_id, signature)
);
CREATE INDEX webhook_receipts_by_time ON webhook_receipts (received_at);
