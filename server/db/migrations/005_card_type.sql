-- A card's type as the hosted interface names it (SOURCE, AGENT, DESTINATION); cards made before were SOURCE.
ALTER TABLE configuration_cards ADD COLUMN type text NOT NULL DEFAULT 'SOURCE';
