-- Where a game's chat sits on its platform, for chat-scoped authority (docs/referee.md,
-- "Who may reach a game"): the community whose administrators may act on it (a Discord server;
-- a Telegram group is its own) and the channel a game thread was opened under (Discord), from
-- which the thread's game is reached too. NULL for games created before: those are reached only
-- from their own chat.
ALTER TABLE games ADD COLUMN community TEXT;
ALTER TABLE games ADD COLUMN parent_chat TEXT;
