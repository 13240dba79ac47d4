-- A card link is used once and can be revoked by its sender (submitted_at already exists). The
-- submission claims the card with a conditional UPDATE, so two racing submissions cannot both win.
ALTER TABLE configuration_cards ADD COLUMN revoked_at timestamptz;
