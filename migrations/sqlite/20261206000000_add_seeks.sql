-- Seeks (`/seek`, docs/community.md "Seeks"): a player waiting for an opponent on these terms
-- (game, options, time control, rated). A matching `/seek` takes the row (a `DELETE … RETURNING`
-- in the transaction that creates the game: a seek is taken once, whichever instance asks) and
-- starts the game in the chat where this one was typed. `chat_id` is '' for a seek typed in a
-- private chat; `community` is the pool a community seek pairs in ('' in a private chat);
-- `everywhere` pairs with every community that allows it (`communities.public_seeks`);
-- `offer_bot_at`: when the seeker, still unanswered, is offered the bot (NULL once offered).
CREATE TABLE seeks (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    platform    TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    user_name   TEXT    NOT NULL,
    chat_id     TEXT    NOT NULL,
    topic       INTEGER,
    community   TEXT    NOT NULL,
    parent_chat TEXT,
    everywhere  INTEGER NOT NULL CHECK (everywhere IN (0, 1)),
    kind        TEXT    NOT NULL,
    options     TEXT    NOT NULL,
    clock       TEXT    NOT NULL,
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    created_at  INTEGER NOT NULL,
    expires_at  INTEGER NOT NULL,
    offer_bot_at INTEGER
);
CREATE INDEX seeks_by_user ON seeks (platform, user_id);
CREATE INDEX seeks_by_expiry ON seeks (expires_at);
-- A community's own settings: `/settings public-seeks=on` (its administrators) lets its
-- members' `scope=everywhere` seeks pair with other communities'.
CREATE TABLE communities (
    platform     TEXT    NOT NULL,
    community    TEXT    NOT NULL,
    public_seeks INTEGER NOT NULL DEFAULT 0 CHECK (public_seeks IN (0, 1)),
    set_by       TEXT    NOT NULL,
    set_at       INTEGER NOT NULL,
    PRIMARY KEY (platform, community)
);
