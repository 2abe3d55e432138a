-- The referee's tables: users, games, each game's append-only action log, and a key/value table.
-- Applied by `sqlx::migrate!()` on open. Never edit this file once applied; add a new migration.

CREATE TABLE users (
    platform      TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    display_name  TEXT    NOT NULL,
    locale        TEXT,
    notifications INTEGER NOT NULL DEFAULT 1 CHECK (notifications IN (0, 1)),
    reachable     INTEGER CHECK (reachable IN (0, 1)),
    PRIMARY KEY (platform, user_id)
);

CREATE TABLE games (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    platform       TEXT    NOT NULL,
    chat_id        TEXT    NOT NULL,
    kind           TEXT    NOT NULL,
    options        TEXT    NOT NULL,
    position       TEXT,
    seed           INTEGER NOT NULL,
    seats          TEXT    NOT NULL,
    creator        TEXT    NOT NULL,
    locale         TEXT    NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('invited', 'active', 'over', 'aborted')),
    result         TEXT,
    reason         TEXT,
    clock          TEXT    NOT NULL,
    deadline_at    INTEGER,
    reminders_sent INTEGER NOT NULL DEFAULT 0,
    offer          TEXT,
    version        INTEGER NOT NULL DEFAULT 0,
    engine_version INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);

CREATE INDEX games_by_chat ON games (platform, chat_id);
CREATE INDEX games_by_status ON games (status);

CREATE TABLE actions (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL CHECK (seq >= 1),
    seat     INTEGER NOT NULL,
    notation TEXT    NOT NULL,
    by_user  TEXT,
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE meta (
    key   TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL
);
