-- A game's chat may be a forum topic inside a Telegram supergroup (`message_thread_id`): the
-- topic is part of where the game lives, so that its messages go to that topic and a command
-- typed there finds it (docs/architecture.md, "Identities"). NULL for a chat without topics and
-- for every game created before. `games_by_chat` still narrows lookups to the chat; the few
-- games of one chat are then told apart by topic.
ALTER TABLE games ADD COLUMN topic INTEGER;
