-- Each chat its own language (issue 41); the same change as
-- ../sqlite/20261203000000_add_chat_language.sql.
CREATE TABLE chats (
    platform   TEXT COLLATE "C" NOT NULL,
    chat_id    TEXT COLLATE "C" NOT NULL,
    topic      BIGINT  NOT NULL DEFAULT 0,
    locale     TEXT COLLATE "C" NOT NULL,
    set_by     TEXT COLLATE "C" NOT NULL,
    set_at     BIGINT  NOT NULL,
    PRIMARY KEY (platform, chat_id, topic)
);

ALTER TABLE users ADD COLUMN client_locale TEXT COLLATE "C";
