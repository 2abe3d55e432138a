-- Bots with levels (issue 43); the same change as ../sqlite/20261205000000_add_bot_level.sql.
ALTER TABLE games ADD COLUMN bot_level BIGINT;
