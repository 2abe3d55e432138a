-- Bots with levels (issue 43, docs/bots.md): the level the referee plays at in a game against
-- the bot, 1 (a beginner's) to 6 (its strongest). NULL for a game without the bot, and for the
-- games against the bot created before levels existed, which it played at its strongest (6).
ALTER TABLE games ADD COLUMN bot_level INTEGER;
