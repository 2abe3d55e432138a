-- Each chat its own language (issue 41, docs/referee.md "Languages"): what a channel, group or
-- topic's administrators chose with `/settings chat-language=…` for its public messages. `topic`
-- is 0 for the chat itself (a Telegram forum topic's own choice has its thread id), so that the
-- key has no NULL in it.
CREATE TABLE chats (
    platform   TEXT    NOT NULL,
    chat_id    TEXT    NOT NULL,
    topic      INTEGER NOT NULL DEFAULT 0,
    locale     TEXT    NOT NULL,
    set_by     TEXT    NOT NULL,
    set_at     INTEGER NOT NULL,
    PRIMARY KEY (platform, chat_id, topic)
);

-- The language a user's client last reported (Telegram's language_code, Discord's locale),
-- kept across restarts; their own `/settings language=` (the `locale` column) outranks it.
ALTER TABLE users ADD COLUMN client_locale TEXT;
