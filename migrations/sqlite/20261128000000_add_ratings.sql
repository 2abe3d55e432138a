-- Ratings (docs/community.md). Whether a game counts for ratings is decided when it is created
-- (`rated=no`, games against the bot, games from a position, forks from the draw library are
-- not) and kept with it; games created before this migration are unrated. `ended_seq` numbers
-- finished games in the order they ended (set in the transaction that ends the game): ratings
-- apply games in that order, live and by `arbiter ratings rebuild` alike.
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN ended_seq INTEGER;
CREATE UNIQUE INDEX games_by_ended_seq ON games (ended_seq);
-- Derived data, rebuilt from the games above by `arbiter ratings rebuild`: each player's current
-- Glicko-2 rating per community and game, and what each rated game did to each of its players
-- (for profiles' charts and the order in which games were applied).
CREATE TABLE ratings (
    platform   TEXT    NOT NULL,
    community  TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    losses     INTEGER NOT NULL,
    draws      INTEGER NOT NULL,
    PRIMARY KEY (platform, community, kind, user_id)
);
CREATE TABLE rating_changes (
    game_id   INTEGER NOT NULL REFERENCES games (id),
    seat      INTEGER NOT NULL,
    user_id   TEXT    NOT NULL,
    before    REAL    NOT NULL,
    after     REAL    NOT NULL,
    deviation REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id);
