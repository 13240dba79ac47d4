-- Which resolvers a run loads. resolver_choice holds what the user chose, by resolver name (true: turned
-- off, as the interface's `suppressed`); a resolver without a choice keeps what discovery said. Kept
-- apart from `discovered` so a new discovery replaces what it found without losing the user's choices.
-- discovered_at is when the listed resolvers were found: the last discovery that succeeded.
ALTER TABLE sources
  ADD COLUMN resolver_choice jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN discovered_at   timestamptz;
UPDATE sources SET discovered_at = discovery_at WHERE discovery_status = 'succeeded';
